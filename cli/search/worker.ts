/**
 * A search worker (worker_threads): runs chunks of a design search with the engine's
 * `createSearchWorker` handler and posts its replies to the parent.
 */
import { parentPort } from 'node:worker_threads';
import { createSearchWorker } from '../../model/search';
import type { SearchRequest } from '../../model/search';

const port = parentPort;
if (!port) throw new Error('cli/search/worker.ts runs as a worker thread');
const handle = createSearchWorker((m) => port.postMessage(m));
port.on('message', (m: SearchRequest) => handle(m));
