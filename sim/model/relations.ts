/** A relation at or above this is a friend: who reads one's moments, and whom a bot posts them for. */
export const FRIEND = 20;
