//! The threaded worker's pool: a rayon thread pool whose threads are Web
//! Workers sharing this worker's wasm memory (`pool_thread.js` starts them).
//! It is a local pool, not rayon's global one, so that each run can choose
//! between it and the worker's own thread by timing both; the worker's own
//! thread waits while the pool works. (wasm-bindgen-rayon, the usual
//! adapter, builds only the global pool, which would leave no such choice.)

use std::cell::RefCell;
use std::io;
use std::sync::{Mutex, mpsc};

use js_sys::{JsString, Promise, Reflect};
use rayon::{ThreadBuilder, ThreadPool, ThreadPoolBuilder};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// The name each pool thread's Web Worker is given, so that the program's
/// `main` can tell it from the worker the page started.
const POOL_THREAD_NAME: &str = "policypu-pool-thread";

#[wasm_bindgen(module = "/src/bin/worker/pool_thread.js")]
extern "C" {
    #[wasm_bindgen(js_name = startPoolThreads, catch)]
    fn start_pool_threads(
        module: JsValue,
        memory: JsValue,
        glue_url: JsString,
        count: usize,
        inbox: usize,
    ) -> Result<Promise, JsValue>;
}

#[wasm_bindgen]
extern "C" {
    /// The address of this program's JavaScript glue, which every pool
    /// thread imports to instantiate the program on the shared memory.
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: JsString;
}

/// Where the pool threads wait, each for the rayon thread it is to run.
struct Inbox(Mutex<mpsc::Receiver<ThreadBuilder>>);

thread_local! {
    /// The pool, once started; it lives as long as the worker.
    static POOL: RefCell<Option<&'static ThreadPool>> = const { RefCell::new(None) };
}

/// True in a pool thread (where the program's `main` must do nothing).
pub fn is_pool_thread() -> bool {
    Reflect::get(&js_sys::global(), &"name".into())
        .ok()
        .and_then(|name| name.as_string())
        .is_some_and(|name| name == POOL_THREAD_NAME)
}

/// The pool: one thread per core the browser reports, started on first use.
/// None on a one-core machine; an error says why the threads did not start.
pub async fn pool() -> Result<Option<&'static ThreadPool>, String> {
    if let Some(pool) = POOL.with(|p| *p.borrow()) {
        return Ok(Some(pool));
    }
    let cores = Reflect::get(&js_sys::global(), &"navigator".into())
        .and_then(|navigator| Reflect::get(&navigator, &"hardwareConcurrency".into()))
        .ok()
        .and_then(|n| n.as_f64())
        .unwrap_or(1.0) as usize;
    if cores < 2 {
        return Ok(None);
    }
    let pool: &'static ThreadPool = Box::leak(Box::new(start(cores).await?));
    POOL.with(|p| *p.borrow_mut() = Some(pool));
    Ok(Some(pool))
}

/// `f()` on the pool, or here where there is none. A pool that did not start
/// is reported by the run's choice of steps (`Stepper::choose`), which asks again.
pub async fn install<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    match pool().await {
        Ok(Some(pool)) => pool.install(f),
        _ => f(),
    }
}

/// Start `threads` Web Workers, wait until each has instantiated the
/// program, then hand each its rayon thread.
async fn start(threads: usize) -> Result<ThreadPool, String> {
    let describe = |e: JsValue| {
        let text = e.as_string().unwrap_or_else(|| format!("{e:?}"));
        format!("the pool of threads did not start ({text})")
    };
    let (sender, receiver) = mpsc::sync_channel::<ThreadBuilder>(threads);
    // Leaked: the pool threads hold its address for as long as the worker lives.
    let inbox: &'static Inbox = Box::leak(Box::new(Inbox(Mutex::new(receiver))));
    let started = start_pool_threads(
        wasm_bindgen::module(),
        wasm_bindgen::memory(),
        GLUE_URL.with(Clone::clone),
        threads,
        inbox as *const Inbox as usize,
    )
    .map_err(describe)?;
    JsFuture::from(started).await.map_err(describe)?;
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .spawn_handler(move |thread| {
            sender
                .send(thread)
                .map_err(|_| io::Error::other("a pool thread has gone"))
        })
        .build()
        .map_err(|e| format!("the pool of threads did not start ({e})"))
}

/// A pool thread's life, called by `pool_thread.js` once the thread has
/// instantiated the program: wait for a rayon thread and run it.
#[wasm_bindgen(js_name = runPoolThread)]
pub fn run_pool_thread(inbox: usize) {
    // SAFETY: `inbox` is the address of the leaked `Inbox` that `start`
    // handed to `pool_thread.js`, which passes it here unchanged.
    let inbox = unsafe { &*(inbox as *const Inbox) };
    let thread = inbox.0.lock().map(|receiver| receiver.recv());
    if let Ok(Ok(thread)) = thread {
        thread.run();
    }
}
