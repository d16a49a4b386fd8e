//! Choosing the device: WebGPU when the browser offers a real adapter, the
//! CPU backend otherwise, or whatever the user forced. The threaded worker
//! (built without `webgpu`) has the CPU backend only: the page loads it
//! only for runs that train on the CPU.

#[cfg(feature = "webgpu")]
use std::cell::RefCell;

use burn::tensor::Device;
use js_sys::Reflect;
use policypu::config::BackendChoice;
use policypu::page::protocol::DeviceInfo;
use policypu::web::adapter::{Adapter, probe_adapter};

#[cfg(feature = "webgpu")]
thread_local! {
    /// Burn's wgpu runtime can be initialised once per worker; later runs reuse it.
    static GPU: RefCell<Option<Device>> = const { RefCell::new(None) };
}

/// The device a run gets, or the two to time against each other first.
pub enum Chosen {
    /// Decided: train here.
    Ready(Device, DeviceInfo),
    /// Auto with a real (hardware) WebGPU adapter: time the run's first
    /// steps on it and on the CPU backend, and keep the faster.
    Measure {
        /// The WebGPU device.
        gpu: Device,
        /// What it is.
        adapter: Adapter,
    },
}

/// The device for `choice`, with the reason in words.
pub async fn choose(choice: BackendChoice) -> Result<Chosen, String> {
    Ok(match decide(choice).await? {
        (device, info) if info.gpu && choice == BackendChoice::Auto && !info.fallback => {
            Chosen::Measure {
                gpu: device,
                adapter: Adapter {
                    vendor: info.vendor.unwrap_or_default(),
                    architecture: info.architecture.unwrap_or_default(),
                    fallback: false,
                },
            }
        }
        (device, info) => Chosen::Ready(device, info),
    })
}

/// The device settings and the adapter point to, before any timing.
async fn decide(choice: BackendChoice) -> Result<(Device, DeviceInfo), String> {
    let cpu = |reason: String, adapter: Option<&Adapter>| {
        (
            Device::flex(),
            DeviceInfo {
                gpu: false,
                vendor: adapter.map(|a| a.vendor.clone()),
                architecture: adapter.map(|a| a.architecture.clone()),
                fallback: adapter.is_some_and(|a| a.fallback),
                reason: format!("{reason}{}", one_thread_note()),
                threads: 1,
            },
        )
    };
    if choice == BackendChoice::Cpu {
        return Ok(cpu("CPU chosen in the settings.".into(), None));
    }
    let adapter = match probe_adapter().await {
        Ok(Some(adapter)) => adapter,
        Ok(None) => return gpu_missing(choice, "this browser offers no WebGPU adapter", cpu),
        Err(e) => {
            return gpu_missing(
                choice,
                &format!("asking for a WebGPU adapter failed ({e})"),
                cpu,
            );
        }
    };
    if adapter.fallback && choice == BackendChoice::Auto {
        return Ok(cpu(
            format!(
                "The WebGPU adapter ({} {}) is a software fallback, slower than the CPU backend, so training \
                 runs on the CPU. Choose WebGPU in the settings to use it anyway.",
                adapter.vendor, adapter.architecture
            ),
            Some(&adapter),
        ));
    }
    let device = gpu_device().await?;
    let reason = if adapter.fallback {
        "WebGPU chosen in the settings; this adapter is a software fallback and will be slow."
            .to_string()
    } else {
        "Training on the GPU through WebGPU.".to_string()
    };
    Ok((
        device,
        DeviceInfo {
            gpu: true,
            vendor: Some(adapter.vendor),
            architecture: Some(adapter.architecture),
            fallback: adapter.fallback,
            reason,
            threads: 1,
        },
    ))
}

/// Why the CPU steps of this worker run on one thread, when the page could
/// not have loaded the threaded one.
fn one_thread_note() -> &'static str {
    let isolated = Reflect::get(&js_sys::global(), &"crossOriginIsolated".into())
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    if cfg!(feature = "webgpu") && !isolated {
        " One thread: this page is not cross-origin isolated, so the browser allows it no \
         threads (reload once it works offline, or serve it with the COOP and COEP headers)."
    } else {
        ""
    }
}

fn gpu_missing(
    choice: BackendChoice,
    why: &str,
    cpu: impl Fn(String, Option<&Adapter>) -> (Device, DeviceInfo),
) -> Result<(Device, DeviceInfo), String> {
    if choice == BackendChoice::Gpu {
        Err(format!(
            "WebGPU was chosen, but {why}. Choose Auto or CPU in the settings."
        ))
    } else {
        Ok(cpu(format!("Training on the CPU: {why}."), None))
    }
}

#[cfg(not(feature = "webgpu"))]
async fn gpu_device() -> Result<Device, String> {
    Err("this run was sent to the worker without WebGPU; reload the page.".to_string())
}

#[cfg(feature = "webgpu")]
async fn gpu_device() -> Result<Device, String> {
    if let Some(device) = GPU.with(|g| g.borrow().clone()) {
        return Ok(device);
    }
    let device = Device::wgpu_options().init_async().await.map_err(|e| {
        format!("starting WebGPU failed ({e}). Choose the CPU backend in the settings.")
    })?;
    GPU.with(|g| *g.borrow_mut() = Some(device.clone()));
    Ok(device)
}
