// Reference pages rendered in a worker thread: Redoc's server render is synchronous
// CPU, so the pipeline renders pages here while its main thread builds the observed
// flavour. On start the worker loads Redocly's build-docs handler.
import module from 'node:module';
import { serveTasks } from '../lib/task-worker.ts';
import { buildReferencePage, type ReferencePageJob } from './reference.ts';
import { rendersInProcess } from './build-docs.ts';

module.enableCompileCache?.();

serveTasks(rendersInProcess(), (job: ReferencePageJob) => buildReferencePage(job));
