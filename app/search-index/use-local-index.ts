import { useSyncExternalStore } from 'react';
import { localIndexState, subscribeLocalIndex, type LocalIndexState } from './local-index';

const serverState: LocalIndexState = { kind: 'off' };

/** Where this device's search index stands; 'off' on the server. */
export function useLocalIndexState(): LocalIndexState {
  return useSyncExternalStore(subscribeLocalIndex, localIndexState, () => serverState);
}
