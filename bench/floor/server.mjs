// Serves a built floor app (argv[2]: its build directory) on PORT with Express and @remix-run/express,
// the same adapter as the app's server, static assets included. Prints "listening" when ready.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express from 'express';
import { createRequestHandler } from '@remix-run/express';

const dir = path.resolve(process.argv[2]);
const build = await import(pathToFileURL(path.join(dir, 'server', 'index.js')).href);
const app = express();
app.use(express.static(path.join(dir, 'client')));
app.all('*', createRequestHandler({ build, mode: 'production' }));
app.listen(Number(process.env.PORT), () => console.log('listening'));
