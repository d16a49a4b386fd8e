import start from './worker.js';
start();
