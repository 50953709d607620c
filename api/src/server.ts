/** `npm run start:api`: the API process of the scale-out stack (the pipeline works in `npm run start:workers`). */
import { startStride } from './start-stride';

await startStride('api');
