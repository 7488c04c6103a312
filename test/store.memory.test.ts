import { memoryDb, memoryStore } from '../adapters/store/memory.ts';
import { storeContract } from './store.contract.ts';

storeContract('memory', async () => {
  const db = memoryDb();
  return { store: memoryStore(db), reopen: async () => memoryStore(db), cleanup: async () => {} };
});
