import { describe, expect, it } from 'vitest';
import { memoryFlags } from './memory-flags.js';

describe('the memory flags the built server starts itself again with', () => {
  it('keeps PGlite out of the optimising WebAssembly compiler, and the heap small on both databases', () => {
    expect(memoryFlags({})).toEqual(['--max-semi-space-size=16', '--optimize-for-size', '--liftoff-only']);
    expect(memoryFlags({ MEMORY_FLAGS: 'true' })).toEqual(memoryFlags({}));
    expect(memoryFlags({ DATABASE_URL: 'postgres://db/x' })).toEqual([
      '--max-semi-space-size=16',
      '--optimize-for-size',
    ]);
  });

  it('is off with false, takes flags of the operator instead, and refuses anything else', () => {
    expect(memoryFlags({ MEMORY_FLAGS: 'false' })).toEqual([]);
    expect(memoryFlags({ MEMORY_FLAGS: ' --max-old-space-size=256  --liftoff-only ' })).toEqual([
      '--max-old-space-size=256',
      '--liftoff-only',
    ]);
    expect(memoryFlags({ MEMORY_FLAGS: 'small' })).toBeNull();
    expect(memoryFlags({ MEMORY_FLAGS: '--a; rm -rf /' })).toBeNull();
  });
});
