//! The checkpoints of a cluster's pass, as its workers agree on them: where a pass begins
//! (the newest checkpoint every worker holds, when resuming), and a checkpoint written by
//! every worker before any removes its older one. Each step ends with a report from every
//! worker, so that all of them go on, or stop, alike.

use std::sync::Arc;

use timely::worker::Worker;

use super::super::budget::Budget;
use super::super::held::Held;
use super::super::number::Number;
use super::super::saved::{Mark, Saving};
use super::{Bounds, Flow, Halt, Report, Status, Stop, Word};
use crate::cli::report;
use knights_tour_engine::count::dataflow::FrontierSteps;

/// A worker's states of a frontier, and where the count stood.
type Resumed<W, C> = (Held<W, C>, Mark);

/// Where this worker's pass begins: the frontier before the first square, or, resuming, the
/// states it holds of the newest checkpoint every worker holds. Its older checkpoints (or,
/// starting afresh, all of them) are then removed, by every worker alike.
pub(super) fn begin<W: Word, C: Number>(
    worker: &mut Worker,
    flow: &mut Flow<W, C>,
    steps: &FrontierSteps<W>,
    limits: &Bounds,
) -> Result<Resumed<W, C>, Halt> {
    let me = worker.index();
    let budget = || Arc::clone(&limits.budget);
    let afresh = || {
        let held = if me == 0 {
            Held::one(budget(), steps.first().to_word(), C::ONE)
        } else {
            Held::none(budget())
        };
        (held, Mark::START)
    };
    let Some(saving) = &limits.saving else {
        return Ok(afresh());
    };
    let first_here = me.is_multiple_of(limits.threads.max(1));
    let (held, mark) = match saving.resume {
        true => match resume::<W, C>(worker, flow, saving, budget())? {
            Some(resumed) => {
                if first_here {
                    report(format_args!(
                        "knights-tour: carrying on from the checkpoint after square {} of {} \
                         in {}",
                        resumed.1.done,
                        steps.squares(),
                        saving.folder()
                    ));
                }
                resumed
            }
            None => {
                if first_here {
                    report(format_args!(
                        "knights-tour: no checkpoint in {} that every process holds: counting \
                         from the first square",
                        saving.folder()
                    ));
                }
                afresh()
            }
        },
        false => afresh(),
    };
    agree(worker, flow, saving.remove_others::<C>(me, mark.done))?;
    Ok((held, mark))
}

/// The states this worker holds of the newest checkpoint every worker holds, or `None` if
/// there is none.
fn resume<W: Word, C: Number>(
    worker: &mut Worker,
    flow: &mut Flow<W, C>,
    saving: &Saving,
    budget: Arc<Budget>,
) -> Result<Option<Resumed<W, C>>, Halt> {
    let me = worker.index();
    let listed = saving.held::<W, C>(me);
    let mut report = Report::status(me, Status::Going);
    match &listed {
        Ok(held) => {
            for (slot, done) in report.saved.iter_mut().zip(held) {
                *slot = *done as u64;
            }
        }
        Err(_) => report.status = Status::Checkpoint,
    }
    let round = flow.tell(worker, report);
    failed(&round, me, listed.err())?;
    let everywhere = |done: &u64| round.iter().all(|report| report.saved.contains(done));
    let newest = round[0]
        .saved
        .iter()
        .filter(|done| **done > 0)
        .find(|done| everywhere(done));
    let Some(&done) = newest else {
        return Ok(None);
    };
    let read = saving.read::<W, C>(me, done as usize, budget);
    let (read, trouble) = match read {
        Ok(read) => (Some(read), None),
        Err(message) => (None, Some(message)),
    };
    let status = if read.is_some() {
        Status::Going
    } else {
        Status::Checkpoint
    };
    let round = flow.tell(worker, Report::status(me, status));
    failed(&round, me, trouble)?;
    Ok(read)
}

/// Writes this worker's states of the frontier `mark` says, once every worker has; then
/// removes its older checkpoint.
pub(super) fn save<W: Word, C: Number>(
    worker: &mut Worker,
    flow: &mut Flow<W, C>,
    saving: &Saving,
    mark: &Mark,
    held: &Held<W, C>,
) -> Result<(), Halt> {
    let me = worker.index();
    agree(worker, flow, saving.write(me, mark, held))?;
    agree(worker, flow, saving.remove_others::<C>(me, mark.done))
}

/// Tells every worker whether `done` went well here, and hears whether it did everywhere.
fn agree<W: Word, C: Number>(
    worker: &mut Worker,
    flow: &mut Flow<W, C>,
    done: Result<(), String>,
) -> Result<(), Halt> {
    let status = if done.is_ok() {
        Status::Going
    } else {
        Status::Checkpoint
    };
    let me = worker.index();
    let round = flow.tell(worker, Report::status(me, status));
    failed(&round, me, done.err())
}

/// The stop of the first worker whose report says a checkpoint failed, with `message`, this
/// worker's (`me`) own, if it is that worker.
fn failed(round: &[Report], me: usize, message: Option<String>) -> Result<(), Halt> {
    match round
        .iter()
        .find(|report| report.status == Status::Checkpoint)
    {
        None => Ok(()),
        Some(report) => Err(Halt::Stop(Stop::Checkpoint {
            worker: report.worker,
            message: message.filter(|_| report.worker == me),
        })),
    }
}
