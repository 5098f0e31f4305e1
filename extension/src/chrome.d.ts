// The few chrome.* extension APIs the extension uses (no @types/chrome dependency).
declare namespace chrome {
  namespace storage {
    const local: {
      get(keys: string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  }
  namespace runtime {
    function sendMessage(message: unknown): Promise<unknown>;
    const onMessage: {
      addListener(cb: (message: unknown, sender: unknown, sendResponse: (response: unknown) => void) => boolean | void): void;
    };
  }
  namespace permissions {
    function request(p: { origins: string[] }): Promise<boolean>;
  }
}
