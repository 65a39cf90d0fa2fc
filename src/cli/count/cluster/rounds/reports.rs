//! What the workers of a cluster count tell one another after each round, and what each
//! decides from it: every worker hears every report, and reads them in one fixed order, so all
//! of them go on, or stop for the same reason, after the same round.

use serde::{Deserialize, Serialize};

use super::{Halt, Stop};
use knights_tour_engine::count::Partway;

/// How a worker's round went, as it tells the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Status {
    Going,
    Deadline,
    Memory {
        cap: u64,
        wanted: u64,
    },
    Stranger,
    Overflow,
    /// The spill to disk failed.
    Disk,
    /// A checkpoint could not be read, written or removed.
    Checkpoint,
}

/// A worker's report after a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Report {
    pub(super) worker: usize,
    /// The states it holds now.
    pub(super) states: u64,
    /// The tours it closed.
    pub(super) tours: u128,
    /// The most bytes its process has held.
    pub(super) peak_bytes: u64,
    /// The states it has sent to workers of other processes in this pass, and their bytes.
    pub(super) states_away: u64,
    pub(super) bytes_away: u64,
    /// Whether a checkpoint is due, by its clock.
    pub(super) due: bool,
    /// The squares done of the two newest checkpoints it holds (0: none).
    pub(super) saved: [u64; 2],
    pub(super) status: Status,
}

impl Report {
    /// A report of `worker` that says `status` alone.
    pub(super) fn status(worker: usize, status: Status) -> Self {
        Report {
            worker,
            states: 0,
            tours: 0,
            peak_bytes: 0,
            states_away: 0,
            bytes_away: 0,
            due: false,
            saved: [0; 2],
            status,
        }
    }
}

/// What every worker decides from the reports of a round: nothing (go on), or why the pass
/// ends. Reasons are taken in a fixed order, so every worker picks the same one.
pub(super) fn decided(round: &[Report], partway: Partway) -> Option<Halt> {
    let first = |wanted: fn(&Status) -> bool| round.iter().find(|report| wanted(&report.status));
    if let Some(report) = first(|status| *status == Status::Stranger) {
        return Some(Halt::Stop(Stop::Stranger {
            worker: report.worker,
        }));
    }
    if let Some(report) = first(|status| matches!(status, Status::Memory { .. })) {
        let Status::Memory { cap, wanted } = report.status else {
            unreachable!("found as memory")
        };
        return Some(Halt::Stop(Stop::Memory {
            worker: report.worker,
            cap,
            wanted,
            partway,
        }));
    }
    if let Some(report) = first(|status| *status == Status::Disk) {
        return Some(Halt::Stop(Stop::Disk {
            worker: report.worker,
            message: None,
            partway,
        }));
    }
    if first(|status| *status == Status::Deadline).is_some() {
        return Some(Halt::Stop(Stop::Deadline { partway }));
    }
    first(|status| *status == Status::Overflow).map(|_| Halt::Overflow)
}
