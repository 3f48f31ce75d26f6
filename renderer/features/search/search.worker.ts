import '../../zodConfig';
import { createSearchWorker } from '../../../model/search/protocol';
import type { SearchReply, SearchRequest } from '../../../model/search/protocol';

/**
 * One design-search worker: runs chunks of the candidate space through the engine
 * (model/search) and posts progress and chunk results (protocol in model/search/protocol.ts).
 */
const scope = self as unknown as {
  postMessage(message: SearchReply): void;
  onmessage: ((ev: MessageEvent<SearchRequest>) => void) | null;
};

const handle = createSearchWorker((m) => scope.postMessage(m));
scope.onmessage = (ev) => handle(ev.data);
