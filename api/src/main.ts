/** `npm start`: the whole product in one process (embedded defaults when nothing is configured). */
import { startStride } from './start-stride';

await startStride('all-in-one');
