import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Runs the Kafka test broker's own tests without the repository-wide int-test global setup:
//   npx vitest run --config testing/src/kafka-broker/vitest.config.ts
export default defineConfig({
  test: {
    dir: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.{unit,int}.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
