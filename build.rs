//! Links GCC's unwinder statically on GNU/Linux, as `gcc -static-libgcc` does.
//!
//! Rust's standard library unwinds through libgcc. By default it takes the shared `libgcc_s.so.1`,
//! one more library for the dynamic loader to find, map and relocate on every start, and one whose
//! constructor asks the processor for its features (`cpuid`, which a virtual machine traps), a
//! large part of what a short run such as `knights-tour solve --size 8` costs (GUIDE.md, "Speed",
//! has the start-up figures). The static archive `libgcc_eh.a` holds the same unwinder; linked
//! before the standard library asks for `-lgcc_s`, it answers every unwinding symbol, and the
//! linker (`--as-needed`) then leaves the shared library out.
//!
//! Nothing changes where the archive cannot be found (another C compiler, another C library, a
//! cross build without a named linker): the build then links as Rust does by default.

use std::env;
use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=RUSTC_LINKER");
    let target_os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let target_env = env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if target_os != "linux" || target_env != "gnu" {
        return;
    }
    if static_unwinder_found() {
        println!("cargo::rustc-link-lib=static:-bundle=gcc_eh");
    }
}

/// Whether the C compiler that links this build has `libgcc_eh.a`. It is asked with
/// `-print-file-name`, which answers a full path when it has the file and the bare name when not.
fn static_unwinder_found() -> bool {
    let cross = env::var("HOST").ok() != env::var("TARGET").ok();
    let linker = match env::var("RUSTC_LINKER") {
        Ok(linker) => linker,
        // A cross build links with a compiler of its own: without its name, change nothing.
        Err(_) if cross => return false,
        Err(_) => "cc".to_owned(),
    };
    let Ok(output) = Command::new(linker)
        .arg("-print-file-name=libgcc_eh.a")
        .output()
    else {
        return false;
    };
    let answer = String::from_utf8_lossy(&output.stdout);
    let path = Path::new(answer.trim());
    output.status.success() && path.is_absolute() && path.is_file()
}
