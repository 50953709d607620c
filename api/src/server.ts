/** `npm run start:api`: the API process of the scale-out stack (the pipeline runs in `npm run start:workers`). */
import { startStride } from './runtime/start-stride';

await startStride('api');
