import { defineConfig } from 'vite';
import path from 'path';
import react from '@vitejs/plugin-react';

// react-admin's examples/demo configuration, outside its monorepo: the packages come from npm
// (NOTICE.md lists what changed from upstream).
export default defineConfig(({ mode }) => ({
    plugins: [react()],
    define: {
        'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV),
        'process.env.REACT_APP_DATA_PROVIDER': JSON.stringify(
            process.env.REACT_APP_DATA_PROVIDER
        ),
    },
    base: './',
    build: { sourcemap: false },
    resolve: {
        dedupe: ['react', 'react-dom'],
        alias: [
            // One react-router instance, as upstream.
            {
                find: 'react-router-dom',
                replacement: path.resolve(
                    import.meta.dirname,
                    `node_modules/react-router/dist/${mode === 'production' ? 'production' : 'development'}/index.mjs`
                ),
            },
            {
                find: 'react-router',
                replacement: path.resolve(
                    import.meta.dirname,
                    `node_modules/react-router/dist/${mode === 'production' ? 'production' : 'development'}/index.mjs`
                ),
            },
            // MUI 7 exports no deep colour paths: the demo's imports resolve to its ESM files.
            {
                find: /^@mui\/material\/colors\/(.*)$/,
                replacement: `${path.resolve(import.meta.dirname, 'node_modules/@mui/material/esm/colors')}/$1.js`,
            },
        ],
    },
}));
