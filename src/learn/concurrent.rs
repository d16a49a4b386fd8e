//! Two independent pieces of work at once, where the CPU backend has a
//! thread to spare: natively on the CLI's rayon threads, in the browser on
//! the threaded worker's pool (a step runs inside it). Elsewhere (WebGPU,
//! the single-threaded worker, a pool of one) they run one after the other.
//! policyPU uses it to update the policy beside the classifier's next step,
//! and inference to score its chunks of rows side by side.

use burn::tensor::Device;

/// Whether work on `device` can run beside other work here: the CPU
/// backend, with more than one rayon thread where this runs.
pub fn spare_thread(device: &Device) -> bool {
    #[cfg(feature = "parallel")]
    {
        *device == Device::flex() && rayon::current_num_threads() > 1
    }
    #[cfg(not(feature = "parallel"))]
    {
        let _ = device;
        false
    }
}

/// `a()` and `b()`, on two threads where rayon is built in (each may wait
/// for the other's thread to take it), else one after the other.
pub fn both<A, B>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B)
where
    A: Send,
    B: Send,
{
    #[cfg(feature = "parallel")]
    {
        rayon::join(a, b)
    }
    #[cfg(not(feature = "parallel"))]
    {
        (a(), b())
    }
}

/// `f` of each item, in order: spread over rayon's threads where
/// `spread` (work on a device with a thread to spare), else one by one.
pub fn map_items<T, R>(items: Vec<T>, spread: bool, f: impl Fn(T) -> R + Sync + Send) -> Vec<R>
where
    T: Send,
    R: Send,
{
    #[cfg(feature = "parallel")]
    if spread {
        use rayon::prelude::*;
        return items.into_par_iter().map(f).collect();
    }
    let _ = spread;
    items.into_iter().map(f).collect()
}

/// `f()` inside a fresh rayon pool of `threads` threads, for tests that
/// compare work on one thread with work on two.
#[cfg(all(test, feature = "parallel"))]
pub fn on_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}
