//! Which of the two training workers a run needs. The threaded worker
//! trains on the CPU with a pool of threads; it can only run where the page
//! is cross-origin isolated (threads share memory), and it has no WebGPU.
//! The WebGPU worker trains on a real GPU adapter, or on the CPU with one
//! thread where the threaded worker cannot run.

use std::cell::Cell;

use policypu::config::BackendChoice;
use policypu::web::adapter::probe_adapter;

/// One of the two training workers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkerKind {
    /// WebGPU, and the CPU on one thread (`worker_loader.js`, by Trunk).
    WebGpu,
    /// The CPU on a pool of threads (`threads/`, by scripts/build-threads-worker.sh).
    Threads,
}

/// What the page knows of the browser's WebGPU adapter.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gpu {
    /// Not yet asked, or the answer has not come.
    Unknown,
    /// A hardware adapter: Auto may train on it.
    Real,
    /// None, or a software one: Auto trains on the CPU.
    NoneOrSoftware,
}

thread_local! {
    static GPU: Cell<Gpu> = const { Cell::new(Gpu::Unknown) };
    /// Set when the threaded worker failed to start here (a build without
    /// it, a browser that refuses it): the page stops asking for it.
    static THREADS_FAILED: Cell<bool> = const { Cell::new(false) };
}

impl WorkerKind {
    /// The script that starts this worker.
    pub fn script(self) -> &'static str {
        match self {
            WorkerKind::WebGpu => "./worker_loader.js",
            WorkerKind::Threads => "./threads/worker_loader.js",
        }
    }

    /// The worker for a run with this backend choice: the threaded one when
    /// the run trains on the CPU and threads can run here.
    pub fn for_run(backend: BackendChoice) -> Self {
        if trains_on_cpu(backend) && threads_can_run() {
            WorkerKind::Threads
        } else {
            WorkerKind::WebGpu
        }
    }

    /// The worker for work that needs no particular device (scoring a file).
    pub fn any() -> Self {
        if threads_can_run() {
            WorkerKind::Threads
        } else {
            WorkerKind::WebGpu
        }
    }
}

/// True when a run with this backend choice trains on the CPU: asked for,
/// or Auto where the browser has no hardware GPU adapter.
pub fn trains_on_cpu(backend: BackendChoice) -> bool {
    match backend {
        BackendChoice::Cpu => true,
        BackendChoice::Gpu => false,
        BackendChoice::Auto => GPU.get() == Gpu::NoneOrSoftware,
    }
}

/// How many cores the browser reports (1 when it does not say).
pub fn cores() -> usize {
    web_sys::window().map_or(1, |w| w.navigator().hardware_concurrency() as usize)
}

/// Remember that the threaded worker could not start: the WebGPU worker
/// takes its runs from now on.
pub fn threads_failed() {
    THREADS_FAILED.set(true);
}

/// Why a CPU run trains on one thread though the page is isolated: the
/// threaded worker failed here. None when it did not.
pub fn threads_failed_note() -> Option<&'static str> {
    THREADS_FAILED.get().then_some(
        " One thread: the threaded worker could not start in this browser (its console says why).",
    )
}

/// True when the page is cross-origin isolated and the threaded worker has
/// not failed here.
fn threads_can_run() -> bool {
    let isolated = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"crossOriginIsolated".into()).ok())
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    isolated && !THREADS_FAILED.get()
}

/// Ask for the WebGPU adapter once, at start, so that Auto's runs go to the
/// right worker (until the answer comes, they go to the WebGPU worker,
/// which decides for itself).
pub fn probe_gpu() {
    wasm_bindgen_futures::spawn_local(async {
        let gpu = match probe_adapter().await {
            Ok(Some(adapter)) if !adapter.fallback => Gpu::Real,
            _ => Gpu::NoneOrSoftware,
        };
        GPU.set(gpu);
    });
}
