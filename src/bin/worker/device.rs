//! Choosing the device: WebGPU when the browser offers a real adapter, the
//! CPU backend otherwise, or whatever the user forced.

use std::cell::RefCell;

use burn::tensor::Device;
use js_sys::{Promise, Reflect};
use policypu::config::BackendChoice;
use policypu::page::protocol::DeviceInfo;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

thread_local! {
    /// Burn's wgpu runtime can be initialised once per worker; later runs reuse it.
    static GPU: RefCell<Option<Device>> = const { RefCell::new(None) };
}

/// What `navigator.gpu.requestAdapter()` reported.
pub struct Adapter {
    /// The adapter's vendor.
    pub vendor: String,
    /// Its architecture.
    pub architecture: String,
    fallback: bool,
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
                reason,
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
        },
    ))
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

/// Ask `navigator.gpu` for an adapter without touching wgpu (a panic there
/// would poison the worker).
async fn probe_adapter() -> Result<Option<Adapter>, String> {
    let describe = |e: JsValue| e.as_string().unwrap_or_else(|| format!("{e:?}"));
    let navigator = Reflect::get(&js_sys::global(), &"navigator".into()).map_err(describe)?;
    let gpu = Reflect::get(&navigator, &"gpu".into()).map_err(describe)?;
    if gpu.is_undefined() || gpu.is_null() {
        return Ok(None);
    }
    let request = Reflect::get(&gpu, &"requestAdapter".into()).map_err(describe)?;
    let request: js_sys::Function = request
        .dyn_into()
        .map_err(|_| "requestAdapter is not a function".to_string())?;
    let promise: Promise = request
        .call0(&gpu)
        .map_err(describe)?
        .dyn_into()
        .map_err(describe)?;
    let adapter = JsFuture::from(promise).await.map_err(describe)?;
    if adapter.is_null() || adapter.is_undefined() {
        return Ok(None);
    }
    let info = Reflect::get(&adapter, &"info".into()).unwrap_or(JsValue::UNDEFINED);
    let text = |object: &JsValue, key: &str| {
        Reflect::get(object, &key.into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    };
    let flag = |object: &JsValue, key: &str| {
        Reflect::get(object, &key.into())
            .ok()
            .and_then(|v| v.as_bool())
    };
    Ok(Some(Adapter {
        vendor: text(&info, "vendor"),
        architecture: text(&info, "architecture"),
        fallback: flag(&info, "isFallbackAdapter")
            .or_else(|| flag(&adapter, "isFallbackAdapter"))
            .unwrap_or(false),
    }))
}
