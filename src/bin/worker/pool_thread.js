// The threaded worker's pool threads (src/bin/worker/pool.rs). The worker
// calls startPoolThreads; each thread is a module Web Worker running this
// same file, which instantiates the worker's program on the shared memory,
// says it is ready, and then runs one rayon thread for as long as the
// worker lives.

const POOL_THREAD_NAME = 'policypu-pool-thread';

// Referenced for as long as the worker lives: Firefox collects Web Workers
// that share memory but that nothing references.
let poolThreads = [];

export async function startPoolThreads(module, memory, glueUrl, count, inbox) {
  poolThreads = await Promise.all(
    Array.from({ length: count }, () => new Promise((resolve, reject) => {
      const thread = new Worker(import.meta.url, { type: 'module', name: POOL_THREAD_NAME });
      thread.onmessage = ({ data }) => {
        if (data?.poolThread === 'ready') resolve(thread);
        else reject(new Error(data?.poolThread ?? 'a pool thread sent an unknown message'));
      };
      thread.onerror = (event) => reject(new Error(`a pool thread failed: ${event.message}`));
      thread.postMessage({ module, memory, glueUrl, inbox });
    })),
  );
}

if (self.name === POOL_THREAD_NAME) {
  self.onmessage = async ({ data: { module, memory, glueUrl, inbox } }) => {
    self.onmessage = null;
    try {
      const program = await import(glueUrl);
      await program.default({ module_or_path: module, memory });
      postMessage({ poolThread: 'ready' });
      program.runPoolThread(inbox);
    } catch (error) {
      postMessage({ poolThread: `a pool thread could not start: ${error}` });
    }
  };
}
