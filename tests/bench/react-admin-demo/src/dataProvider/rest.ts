import simpleRestProvider from 'ra-data-simple-rest';

export default simpleRestProvider('https://demo.api.marmelab.com');
