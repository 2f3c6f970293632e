import { describe, expect, it } from 'vitest';
import { pairCommand } from './pairing.ts';

describe('pairing this counter', () => {
  it("names this site's origin and the code in the bridge's pair command", () => {
    expect(pairCommand('https://tickets.example.org', 'K7QM-2XPD')).toBe(
      'npm run bridge -- pair https://tickets.example.org K7QM-2XPD',
    );
  });
});
