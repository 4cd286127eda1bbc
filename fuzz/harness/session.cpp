#include "fuzz/harness/session.h"

#include "fuzz/harness/known.h"
#include "fuzz/harness/oracle.h"
#include "fuzz/harness/running.h"
#include "fuzz/harness/trace.h"

#include "fixtures/device_object.h"
#include "contracts/names.h"

#include <cstdio>
#include <cstdlib>

namespace ibvcert::fuzz {

Session::Session(const Target &target, const uint8_t *data, size_t size)
	: target_(target), data_(data), size_(size), in_(data, size)
{
	history_.reserve(64);
}

Session::~Session()
{
	lanes_.clear(); // QPs, CQs, PDs and devices before the ops that named them
}

void Session::close()
{
	for (auto &lane : lanes_)
		lane->close();
}

void Session::open()
{
	const Options &o = options();
	lanes_.push_back(std::make_unique<Lane>(0, o.device));
	if (o.device2)
		lanes_.push_back(std::make_unique<Lane>(1, *o.device2));
	for (auto &lane : lanes_) {
		std::string what;
		if (int ret = lane->open(what)) {
			fprintf(stderr, "%s_fuzzer: %s: %s failed: %s; nothing to fuzz\n",
				target_.name.c_str(), lane->label().c_str(), what.c_str(),
				errno_name(ret).c_str());
			exit(1);
		}
	}
	if (o.print) {
		printf("input: %zu bytes, target %s\n", size_, target_.name.c_str());
		fflush(stdout);
	}
}

void Session::run()
{
	if (target_.setup)
		target_.setup(*this);
	for (int step = 0; step < target_.max_steps; step++) {
		pick_row().step(*this);
		if (in_.remaining_bytes() == 0)
			break;
	}
	if (target_.teardown)
		target_.teardown(*this);
}

const Row &Session::pick_row()
{
	const auto &rows = target_.rows;
	if (rows.size() == 1)
		return rows[0];
	if (!target_.coded)
		return rows[in_.ConsumeIntegralInRange(0, (int)rows.size() - 1)];
	int byte = in_.ConsumeIntegral<uint8_t>();
	int code = byte % kRowCodes;
	if (byte >= kWideFrom)
		for (const Row &row : rows)
			if (row.code == wide_code(byte))
				return row;
	const Row *fallback = &rows[0];
	for (const Row &row : rows) {
		if (row.code == code)
			return row;
		if (row.code == target_.fallback_code)
			fallback = &row;
	}
	return *fallback;
}

Op &Session::execute(std::unique_ptr<Op> owned)
{
	history_.push_back(std::move(owned));
	Op &op = *history_.back();
	Oracle oracle(*this, op);
	bool print = options().print;
	bool judge = options().oracle;
	int n = lanes();
	LaneSnapshot before[kMaxLanes], after[kMaxLanes];
	if (print)
		print_text("step " + std::to_string(history_.size()) + ": " + op.verb().call +
			   (op.origin ? std::string(" (") + op.origin + ")" : "") + "\n");
	for (int i = 0; i < n; i++) {
		Lane &l = lane(i);
		op.bind(l);
		// The call before it runs: a crash or hang in it is then on record.
		if (print)
			print_text("device: " + l.label() + "\n" + op.describe(l), "  ");
		if (judge)
			before[i] = l.snapshot();
		op.ret[i] = op.run(l);
		if (judge)
			after[i] = l.snapshot();
		if (print)
			print_text(op.outcome(l), "  ");
	}
	if (!judge) { // crash-only: the walk goes on, nothing is judged
		for (int i = 0; i < n; i++)
			op.settle(lane(i), op.ret[i]);
		return op;
	}
	if (n == 2)
		oracle.compare_outcomes(lane(0), lane(1));
	for (int i = 0; i < n; i++)
		oracle.check_call(lane(i), before[i], after[i]);
	for (int i = 0; i < n; i++) {
		op.settle(lane(i), op.ret[i]);
		oracle.check_after(lane(i), before[i], after[i]);
	}
	if (n == 2) {
		oracle.compare_states(lane(0), lane(1), after[0], after[1]);
		op.compare(after[0], after[1], oracle);
	}
	return op;
}

void Session::print_text(const std::string &text, const char *indent) const
{
	std::string out;
	for (size_t at = 0; at < text.size();) {
		size_t end = text.find('\n', at);
		if (end == std::string::npos)
			end = text.size();
		out += indent + text.substr(at, end - at) + "\n";
		at = end + 1;
	}
	fputs(out.c_str(), stdout);
	fflush(stdout);
}

int initialize(int *argc, char ***argv, const Target &target)
{
	init_options(*argc, *argv, target.name.c_str());
	return 0;
}

int run_input(const Target &target, const uint8_t *data, size_t size)
{
	record_running_input(data, size);
	long before = outstanding_device_objects();
	begin_trace();
	Session s(target, data, size);
	s.open();
	try {
		s.run();
	} catch (const KnownDeviationMet &) {
		// counted (harness/known.h); the rest of the input is passed over
	}
	s.close();
	if (options().oracle)
		Oracle(s).check_ledger(before, outstanding_device_objects());
	write_trace("");
	return 0;
}

int Session::pick_slot(bool live)
{
	int candidates[kSlots], n = 0;
	for (int i = 0; i < kSlots; i++)
		if ((bool)lane(0).slot(i) == live)
			candidates[n++] = i;
	if (n == 0)
		return -1;
	return candidates[n == 1 ? 0 : in_.ConsumeIntegralInRange(0, n - 1)];
}

int Session::pick_live_slot()
{
	return pick_slot(true);
}

int Session::pick_free_slot()
{
	return pick_slot(false);
}

} // namespace ibvcert::fuzz
