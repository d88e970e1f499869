// Reference pages rendered in a worker thread: Redoc's server render is synchronous
// CPU, so the pipeline renders pages here while its main thread builds the observed
// flavour. On start the worker loads Redocly's build-docs handler.
import module from 'node:module';
import { serveTasks } from '../lib/task-worker.ts';
import type { ReferencePageJob } from './reference.ts';

// V8's on-disk code cache, before the imports it covers (a static import would come first).
module.enableCompileCache?.();
const [{ buildReferencePage }, { rendersInProcess }] = await Promise.all([import('./reference.ts'), import('./build-docs.ts')]);

serveTasks(rendersInProcess(), (job: ReferencePageJob) => buildReferencePage(job));
