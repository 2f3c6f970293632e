import { describe, expect, it } from 'vitest';
import { allowsFraming } from './frame-policy.ts';

const headers = (h: Record<string, string>) => new Headers(h);

describe('whether the authentication page can be shown in a frame', () => {
  it('refuses what X-Frame-Options DENY or frame-ancestors none forbid', () => {
    expect(allowsFraming(headers({ 'x-frame-options': 'DENY' }))).toBe(false);
    expect(
      allowsFraming(headers({ 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" })),
    ).toBe(false);
    expect(
      allowsFraming(headers({ 'content-security-policy': 'frame-ancestors https://bank.example' })),
    ).toBe(false);
  });

  it('frames a page that allows this site, or says nothing', () => {
    expect(allowsFraming(headers({}))).toBe(true);
    expect(allowsFraming(headers({ 'x-frame-options': 'SAMEORIGIN' }))).toBe(true);
    expect(allowsFraming(headers({ 'content-security-policy': "frame-ancestors 'self'" }))).toBe(true);
  });
});
