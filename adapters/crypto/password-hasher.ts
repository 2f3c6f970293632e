import { Effect, Layer } from 'effect';
import { PasswordHasher } from '../../core/accounts/ports.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './password.ts';

export const Argon2PasswordHasher = () =>
  Layer.succeed(PasswordHasher, {
    hash: (plain) => Effect.promise(() => hashPassword(plain)),
    verify: (plain, stored) => Effect.promise(() => verifyPassword(plain, stored)),
    needsRehash,
    dummyHash: () => Effect.promise(dummyHash),
  });
