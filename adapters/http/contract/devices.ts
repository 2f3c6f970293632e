import { z } from 'zod';

// Shared with web/: no server imports here. Pairing a point-of-sale device (a counter computer
// running the bridge, bridge/) with Foyer, and the list of paired devices:
//   POST   /api/admin/devices/pairingcode  ('print')       a code for the bridge, 10 minutes, once
//   POST   /api/devices/pair               (no session)     the bridge trades the code for its session
//   GET    /api/admin/devices              ('manageStaff')  the devices paired
//   DELETE /api/admin/devices/{id}         ('manageStaff')  ends its sessions and deactivates it
// The device's session speaks for a staff user of role PointOfSale (print, card terminal,
// check-in; never sell). Its bridge sends `Cookie: <SessionCookie>=<Token>` and its own CSRF
// cookie and header on every call.

export const PairingCodeRequest = z.object({
  /** What the counter calls the device, shown in the device list. */
  Name: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
});
export type PairingCodeRequest = z.input<typeof PairingCodeRequest>;

export const PairingCodeAnswer = z.object({
  /** 8 characters from an unambiguous alphabet, shown XXXX-XXXX. */
  Code: z.string(),
  ExpiresAt: z.string(),
});
export type PairingCodeAnswer = z.infer<typeof PairingCodeAnswer>;

export const PairRequest = z.object({
  /** As typed: any case, spaces and the dash are forgiven. */
  Code: z.string().max(40, 'must be at most 40 characters'),
});
export type PairRequest = z.input<typeof PairRequest>;

export const PairAnswer = z.object({
  DeviceId: z.number().int(),
  Name: z.string(),
  /** The session cookie's value. */
  Token: z.string(),
  /** The session cookie's name. */
  SessionCookie: z.string(),
});
export type PairAnswer = z.infer<typeof PairAnswer>;

export const DeviceView = z.object({
  Id: z.number().int(),
  Name: z.string(),
  PairedAt: z.string(),
  LastSeenAt: z.string().nullable(),
  Active: z.boolean(),
});
export type DeviceView = z.infer<typeof DeviceView>;

export const DevicesList = z.object({ Devices: z.array(DeviceView) });
export type DevicesList = z.infer<typeof DevicesList>;

export const DeviceParams = z.object({ id: z.coerce.number().int().positive() });
