/** A relation at or above this is a friend: who hears what one tells one's friends (a `friends` channel), and whom a bot posts for. */
export const FRIEND = 20;
