import AppBar from './AppBar';
import Layout from './Layout';
import Login from './Login';
import Menu from './Menu';

export { AppBar, Layout, Login, Menu };
