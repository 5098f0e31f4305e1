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

// Sending queued LinkedIn messages (src/outbox-poller.ts).
declare namespace chrome {
  namespace alarms {
    function create(name: string, info: { periodInMinutes: number }): void;
    const onAlarm: { addListener(cb: (alarm: { name: string }) => void): void };
  }
  namespace tabs {
    function create(p: { url: string; active: boolean }): Promise<{ id: number }>;
    function remove(id: number): Promise<void>;
    function sendMessage(id: number, message: unknown): Promise<unknown>;
    const onUpdated: {
      addListener(cb: (id: number, info: { status?: string }) => void): void;
      removeListener(cb: (id: number, info: { status?: string }) => void): void;
    };
  }
}
