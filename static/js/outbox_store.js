// Where the rounds kept on this phone live (docs/offline.md, "The outbox"): IndexedDB, else
// localStorage (no secure context needed). Each entry is a round's body for the API with its
// idempotency key, its game, its state (static/js/outbox.js) and what the page shows of it.

const DATABASE = "scorekeeper-offline";
const STORE = "rounds";
const LOCAL = "scorekeeper-offline-rounds";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: "key" }).createIndex("game", "game");
    };
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error);
    };
  });
}

// `work` done on the store in one transaction; resolves with its request's result.
function inTransaction(mode, work) {
  return open().then(database => new Promise((resolve, reject) => {
    const transaction = database.transaction(STORE, mode);
    const result = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => {
      database.close();
      resolve(result && "result" in result ? result.result : result);
    };
    transaction.onerror = () => {
      database.close();
      reject(transaction.error);
    };
  }));
}

// The entries in localStorage, changed first by `work` when given.
function local(work) {
  let entries = {};
  try {
    entries = JSON.parse(localStorage.getItem(LOCAL)) || {};
  } catch (error) {
    // none
  }
  if (work) {
    work(entries);
    if (Object.keys(entries).length) {
      localStorage.setItem(LOCAL, JSON.stringify(entries));
    } else {
      localStorage.removeItem(LOCAL);
    }
  }
  return Object.values(entries);
}

const usable = new Promise(resolve => {
  resolve(open());
}).then(database => {
  database.close();
  return true;
}).catch(() => false);

export function all() {
  const kept = local();
  return usable.then(ok => {
    if (!ok) {
      return kept;
    }
    return inTransaction("readonly", store => store.getAll()).then(found => found.concat(kept));
  });
}

export function put(entry) {
  return usable.then(ok => {
    if (!ok) {
      return local(entries => {
        entries[entry.key] = entry;
      });
    }
    return inTransaction("readwrite", store => {
      store.put(entry);
    });
  });
}

export function remove(key) {
  local(entries => {
    delete entries[key];
  });
  return usable.then(ok => {
    if (!ok) {
      return null;
    }
    return inTransaction("readwrite", store => {
      store.delete(key);
    });
  });
}

// A new idempotency key: 32 hex characters.
export function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, byte => ("0" + byte.toString(16)).slice(-2)).join("");
}
