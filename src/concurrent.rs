//! Independent pieces of work at once, where a thread is spare: natively
//! on the CLI's rayon threads, in the browser on the threaded worker's pool
//! (a step, or a run's plan, runs inside it). Elsewhere (WebGPU, the
//! single-threaded worker, a pool of one) they run one after the other.
//! policyPU uses it to update the policy beside the classifier's next step,
//! inference to score its chunks of rows side by side, and a prior's
//! bootstrap to estimate its resamples side by side.

/// Whether rayon has more than one thread where this runs.
pub fn threads_to_spare() -> bool {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads() > 1
    }
    #[cfg(not(feature = "parallel"))]
    {
        false
    }
}

/// Whether work on `device` can run beside other work here: the CPU
/// backend, with a thread to spare.
#[cfg(feature = "learn")]
pub fn spare_thread(device: &burn::tensor::Device) -> bool {
    *device == burn::tensor::Device::flex() && threads_to_spare()
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
/// `spread` (a thread to spare, for work on a device that can use it), else
/// one by one.
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
/// compare work on one thread with work on two (without rayon, `f()`).
#[cfg(test)]
pub fn on_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    #[cfg(feature = "parallel")]
    {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(f)
    }
    #[cfg(not(feature = "parallel"))]
    {
        let _ = threads;
        f()
    }
}
