//! `count --cluster HOSTFILE --process K`: one of N processes of a frontier count on timely
//! dataflow, each holding about an N-th of every frontier, so that memory and time both split.
//!
//! The engine gives a pure step ([`knights_tour_engine::count::dataflow`]); here are the rest:
//! the hostfile (`hostfile`); the batches states cross in (`batches`); the key the processes
//! share (`key`); the connections, made before timely takes them (`connect`), each opened by a
//! handshake that proves both ends hold the key (`handshake`) and sealed so that every frame is
//! checked (`sealed`); the rounds each worker runs (`rounds`); the states gathered at their
//! owner (`gather`) in `u64` or `u128` counts (`number`); and the watch over timely's threads
//! and the deadline that turns a lost process, a tampered frame or a stalled round into one
//! line and a non-zero exit (`watch`); and the checkpoints each worker writes and a restarted
//! cluster carries on from (`saved`).

mod batches;
mod budget;
mod connect;
mod gather;
mod handshake;
mod held;
mod hostfile;
mod key;
mod number;
mod packed;
mod rounds;
mod saved;
mod sealed;
mod spilled;
mod watch;

use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use timely::WorkerConfig;
use timely::communication::Hooks;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};

use self::budget::Budget;
use self::connect::{SETUP_WITHIN, Setup};
use self::handshake::Hello;
use self::hostfile::Hostfile;
use self::key::{ClusterKey, NONCE_BYTES};
use self::rounds::{Bounds, Found, Stop, Word};
use self::saved::Saving;
use super::keep::Spill;
use crate::cli::{ExitStatus, Failure};
use crate::options::{THREAD_ADDRESS_SPACE, cap_beside_threads, megabytes};
use knights_tour_engine::count::dataflow::{FrontierSteps, Stepwise, frontier_steps};
use knights_tour_engine::count::{Count, CountError, CountMethod, CountProgress, CountRequest};
use knights_tour_engine::quote::quoted_bytes;

/// How long a process that has its answer waits for the others to finish theirs.
const TEARDOWN_WITHIN: Duration = Duration::from_secs(30);

/// The longest wait the set-up keeps when told more.
const YEAR: Duration = Duration::from_secs(365 * 24 * 3600);

/// What a cluster's processes held and sent, besides the count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Exchanged {
    /// The most bytes each process held in its states, process by process.
    pub(super) process_peak_bytes: Vec<u64>,
    /// The bytes of states, with their counts, sent from one process to another.
    pub(super) bytes_exchanged: u64,
    /// The states those bytes held.
    pub(super) states_exchanged: u64,
    /// The states stepped, over every square and process.
    pub(super) states_stepped: u64,
}

/// Hears of the count's progress after each square.
pub(super) type Progress = Arc<dyn Fn(CountProgress) + Send + Sync>;

/// The processes of a cluster, and which one this is.
pub(super) struct Cluster {
    hosts: Hostfile,
    process: usize,
    /// How long to wait for the others to connect.
    wait: Duration,
    /// The key the processes share.
    key: Arc<ClusterKey>,
    /// Where checkpoints are kept, how often, and whether to carry on from them.
    checkpoints: Option<CheckpointFolder>,
    /// Where states past the memory cap go, if they may.
    spill: Option<Arc<Spill>>,
}

/// A cluster's checkpoints, as asked for.
pub(super) struct CheckpointFolder {
    /// This process's folder.
    pub(super) folder: PathBuf,
    /// The least time between two.
    pub(super) every: Duration,
    /// Whether to carry on from the newest every process holds.
    pub(super) resume: bool,
}

impl Cluster {
    /// Process `process` of the processes `hostfile` names, waiting `wait` (or 50 seconds)
    /// for the others to connect, with the key in `key_file` (or the environment's).
    pub(super) fn read(
        hostfile: &Path,
        process: u32,
        wait: Option<Duration>,
        key_file: Option<&Path>,
    ) -> Result<Self, Failure> {
        let hosts = Hostfile::read(hostfile)?;
        let process = process as usize;
        if process >= hosts.len() {
            return Err(Failure::bad_input(format!(
                "--process {process} is not a line of --cluster {}, which names {} {} (0 to {})",
                quoted_bytes(hostfile.as_os_str().as_encoded_bytes()),
                hosts.len(),
                if hosts.len() == 1 {
                    "process"
                } else {
                    "processes"
                },
                hosts.len() - 1
            )));
        }
        let key = Arc::new(ClusterKey::find(key_file)?);
        Ok(Self {
            hosts,
            process,
            wait: wait.unwrap_or(SETUP_WITHIN),
            key,
            checkpoints: None,
            spill: None,
        })
    }

    /// The cluster, keeping checkpoints as `checkpoints` says, and states past the memory
    /// cap in `spill`.
    pub(super) fn keeping(
        self,
        checkpoints: Option<CheckpointFolder>,
        spill: Option<Arc<Spill>>,
    ) -> Self {
        Self {
            checkpoints,
            spill,
            ..self
        }
    }

    /// Counts `request` with the other processes: the count on process 0, `None` on the
    /// others. `question` says the count in words, for the processes to compare.
    pub(super) fn count(
        &self,
        request: &CountRequest,
        question: String,
        progress: Progress,
    ) -> Result<Option<(Count, Exchanged)>, Failure> {
        if request.method == Some(CountMethod::Enumeration) {
            return Err(Failure::bad_input(
                "the cluster count is the frontier count: leave out --method enumeration",
            ));
        }
        let found = match frontier_steps(request).map_err(Failure::bad_input)? {
            Stepwise::Decided(tours) => Found {
                tours,
                peak_states: 0,
                peak_bytes: 0,
                exchanged: Exchanged {
                    process_peak_bytes: vec![0; self.hosts.len()],
                    bytes_exchanged: 0,
                    states_exchanged: 0,
                    states_stepped: 0,
                },
            },
            Stepwise::Narrow(steps) => self.run(steps, request, question, progress)?,
            Stepwise::Wide(steps) => self.run(steps, request, question, progress)?,
        };
        Ok((self.process == 0).then(|| {
            let count = Count {
                tours: found.tours,
                method: CountMethod::Frontier,
                peak_states: found.peak_states,
                peak_bytes: found.peak_bytes,
            };
            (count, found.exchanged)
        }))
    }

    /// The memory this process's `threads` workers may hold: `cap`, less the address space
    /// that its threads take under an address-space limit (`ulimit -v`): the workers', and a
    /// sender and a receiver of timely's for every other process. Exit 2 when the limit
    /// cannot hold the threads at all.
    fn memory_cap(&self, cap: Option<u64>, threads: usize) -> Result<Option<u64>, Failure> {
        let all = threads + 2 * (self.hosts.len() - 1);
        cap_beside_threads(cap, all).map_err(|room| {
            Failure::bad_input(format!(
                "process {}: the address-space limit (ulimit -v) leaves {}, too little for a \
                 cluster process's {all} threads ({} each, with their heaps); raise the limit",
                self.process,
                megabytes(room),
                megabytes(THREAD_ADDRESS_SPACE),
            ))
        })
    }

    /// Connects to the other processes, runs the count on timely dataflow, and waits for this
    /// process's workers (or for the first panic among timely's threads).
    fn run<W: Word>(
        &self,
        steps: FrontierSteps<W>,
        request: &CountRequest,
        question: String,
        progress: Progress,
    ) -> Result<Found, Failure> {
        let threads = request.threads.max(1);
        let memory_cap = self.memory_cap(request.memory_cap, threads)?;
        let saving = self.checkpoints.as_ref().map(|checkpoints| {
            let context = format!(
                "knights-tour {}; {question}; {} processes of {threads} workers",
                env!("CARGO_PKG_VERSION"),
                self.hosts.len()
            );
            Arc::new(Saving::new(
                &checkpoints.folder,
                checkpoints.every,
                checkpoints.resume,
                self.key.checkpoint_key(),
                context,
            ))
        });
        let hello = Hello {
            version: env!("CARGO_PKG_VERSION").to_string(),
            hosts: self.hosts.digest(),
            processes: self.hosts.len(),
            process: self.process,
            threads,
            nonce: [0; NONCE_BYTES],
            question,
        };
        let sockets = connect::connect(&self.hosts, &hello, &self.key, self.setup(request))?;
        watch::install(self.hosts.addresses.clone());
        if let Some(deadline) = request.deadline {
            watch::give_up_at(deadline);
        }
        let failed = |what: String| Failure::new(ExitStatus::ClusterFailed, what);
        let hooks = Hooks::default();
        let local =
            ProcessBuilder::new_typed_vector(threads, hooks.refill.clone(), hooks.spill.clone());
        let (builders, connections) =
            initialize_networking_from_sockets(local, sockets, self.process, threads, hooks)
                .map_err(|error| failed(format!("cannot start the connections: {error}")))?;
        let builders = builders.into_iter().map(AllocatorBuilder::Tcp).collect();
        let steps = Arc::new(steps);
        let spill = self.spill.clone();
        let budget = Arc::new(Budget::new(memory_cap.unwrap_or(u64::MAX)));
        let deadline = request.deadline;
        let first_worker = self.process * threads;
        let (results, heard) = mpsc::channel();
        let guards = timely::execute::execute_from(
            builders,
            Box::new(connections),
            WorkerConfig::default(),
            move |worker| {
                let limits = Bounds {
                    deadline,
                    budget: Arc::clone(&budget),
                    progress: (worker.index() == first_worker).then(|| Arc::clone(&progress)),
                    threads,
                    saving: saving.clone(),
                    spill: spill.clone(),
                };
                let result = rounds::count(worker, &steps, &limits);
                let _ = results.send(result);
            },
        )
        .map_err(|error| failed(format!("cannot start the workers: {error}")))?;
        // Every worker gives the same answer. A panic of a timely thread ends the process
        // before they do (`watch`).
        let answers: Vec<Result<Found, Stop>> = heard.iter().take(threads).collect();
        if !watch::claim() {
            // A lost process or the deadline is ending this one, and says why.
            watch::stand_by();
        }
        // The others may still be reading this process's last messages: the connections close
        // once every process is done, or after a while.
        let (done, closed) = mpsc::channel();
        let _ = thread::Builder::new()
            .name("timely:teardown".to_string())
            .spawn(move || {
                drop(guards);
                let _ = done.send(());
            });
        let _ = closed.recv_timeout(TEARDOWN_WITHIN);
        let answer = answers.into_iter().next().expect("one worker or more");
        answer.map_err(|stop| self.stopped(stop, threads))
    }

    /// When the set-up must be done: after `--cluster-wait`, or at the deadline if sooner.
    fn setup(&self, request: &CountRequest) -> Setup {
        let waited = Instant::now().checked_add(self.wait);
        match (waited, request.deadline) {
            (Some(until), Some(deadline)) if deadline < until => Setup {
                until: deadline,
                within: self.wait,
                by_deadline: true,
            },
            (None, Some(deadline)) => Setup {
                until: deadline,
                within: self.wait,
                by_deadline: true,
            },
            (waited, _) => Setup {
                // A wait too long to represent is a year: longer than any scheduler keeps a job.
                until: waited.unwrap_or_else(|| Instant::now() + YEAR),
                within: self.wait,
                by_deadline: false,
            },
        }
    }

    /// The failure every process reports for `stop`.
    fn stopped(&self, stop: Stop, threads: usize) -> Failure {
        match stop {
            Stop::Deadline { partway } => Failure::new(
                ExitStatus::GaveUp,
                format!("gave up: {}", CountError::Deadline { partway }),
            ),
            Stop::Memory {
                worker,
                cap,
                wanted,
                partway,
            } => Failure::bad_input(format!(
                "process {}: {}",
                worker / threads,
                CountError::Memory {
                    cap,
                    wanted,
                    partway
                }
            )),
            Stop::Stranger { worker } => Failure::new(
                ExitStatus::ClusterFailed,
                format!(
                    "process {} was sent a word that is no state of this count: the processes \
                     do not run the same program",
                    worker / threads
                ),
            ),
            Stop::Checkpoint { worker, message } => Failure::bad_input(format!(
                "process {}: {}",
                worker / threads,
                message.unwrap_or_else(|| {
                    "could not read, write or remove a checkpoint in its folder (its own \
                     message says why)"
                        .to_string()
                })
            )),
            Stop::Disk {
                worker,
                message,
                partway,
            } => Failure::bad_input(format!(
                "process {}: {}",
                worker / threads,
                CountError::Store {
                    partway,
                    message: message.unwrap_or_else(|| {
                        "its spill to disk failed (its own message says why)".to_string()
                    })
                }
            )),
            Stop::TooLarge => Failure::bad_input(
                "a count passed 2^128 ways to reach one state, more than the cluster count \
                 keeps: count on one process, whose counts have no limit",
            ),
        }
    }
}
