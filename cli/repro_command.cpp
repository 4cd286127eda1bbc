// ibvcert repro: a finding as a standalone C program (repro/). The case runs
// in this process against the device wrapped in the tracing device, its
// verb trace gives the finding (repro/finding.h), and repro/c_emitter.h
// writes the program.
#include "cli/repro_command.h"

#include "cli/case_runner.h"
#include "cli/judged_device.h"
#include "contracts/names.h"
#include "fixtures/device_caps.h"
#include "fixtures/emu/emu_device.h"
#include "fixtures/rigs/run_context.h"
#include "repro/c_emitter.h"
#include "repro/finding.h"
#include "repro/trace_log.h"
#include "repro/tracing_device.h"
#include "reports/run_result.h"

#include <fmt/core.h>
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sys/utsname.h>

namespace ibvcert {
namespace {

constexpr int kNoFinding = 1;
constexpr int kUsage = 2;

// Marks each GoogleTest failure (a clause's, or a property's
// counterexample) in the trace where it happens.
class FailureMarker : public ::testing::EmptyTestEventListener {
	void OnTestPartResult(const ::testing::TestPartResult &r) override
	{
		if (r.failed())
			trace_log().mark_failure(r.message());
	}
};

std::string kernel_release()
{
	utsname u{};
	return uname(&u) == 0 ? u.release : "";
}

int open_repro_device(const ReproOptions &opt, std::unique_ptr<Device> &device)
{
	if (!opt.emu_faults.empty()) {
		if (opt.device != kEmuDeviceName) {
			fmt::print(stderr, "ibvcert repro: --emu-fault applies only to {}\n", kEmuDeviceName);
			return kUsage;
		}
		EmuFaults set;
		for (const auto &name : opt.emu_faults) {
			auto fault = emu_fault_from_name(name);
			if (!fault) {
				fmt::print(stderr, "ibvcert repro: unknown fault knob '{}' (ibvcert run --emu-fault "
						   "lists them)\n", name);
				return kUsage;
			}
			set.set(*fault);
		}
		device = make_emu_device(set);
		return 0;
	}
	int ret = open_device(opt.device, device);
	if (ret) {
		fmt::print(stderr, "ibvcert repro: cannot open device '{}': {}{}\n", opt.device,
			   errno_name(ret), ret == ENODEV ? " (no such device; ibvcert devices lists them)" : "");
		return kUsage;
	}
	return 0;
}

// The device, seed and knobs of a report's run, for its case.
int from_report(ReproOptions &opt)
{
	RunResult run;
	if (auto bad = read_json(opt.report, run); !bad.empty()) {
		fmt::print(stderr, "ibvcert repro: {}\n", bad);
		return kUsage;
	}
	const CaseResult *found = nullptr;
	for (const auto &c : run.cases)
		if (c.full_name() == opt.case_name)
			found = &c;
	if (!found) {
		fmt::print(stderr, "ibvcert repro: {} has no case {}\n", opt.report, opt.case_name);
		return kUsage;
	}
	if (found->outcome == Outcome::Pass || found->outcome == Outcome::Skip ||
	    found->outcome == Outcome::Fixed) {
		fmt::print(stderr, "ibvcert repro: {} is {} in {}: there is no finding to reproduce\n",
			   opt.case_name, outcome_name(found->outcome), opt.report);
		return kUsage;
	}
	if (opt.device.empty())
		opt.device = run.device.name;
	if (opt.emu_faults.empty() && !run.device.faults.empty()) {
		for (size_t at = 0; at <= run.device.faults.size();) {
			size_t comma = run.device.faults.find(',', at);
			if (comma == std::string::npos)
				comma = run.device.faults.size();
			opt.emu_faults.push_back(run.device.faults.substr(at, comma - at));
			at = comma + 1;
		}
	}
	if (!run.policy.rc_params.empty() && !std::getenv("RC_PARAMS"))
		setenv("RC_PARAMS", run.policy.rc_params.c_str(), 1);
	return 0;
}

// The finding in the trace, written as a C program: 0, or 1 when the trace
// shows no deviation the program can check, 2 when it cannot be written.
int write_program(const nlohmann::json &steps, const DeviceCaps &caps, const ReproOptions &opt,
		  ReproSource src)
{
	std::string why_not;
	auto finding = find_deviation(steps, caps, why_not);
	if (!finding) {
		fmt::print(stderr, "ibvcert repro: {}\n", why_not);
		return kNoFinding;
	}
	const auto &step = steps[finding->step];
	fmt::print(stderr, "ibvcert repro: the finding: {} on {} ({}): {}; the contract: {}\n",
		   step.value("verb", ""), finding->object, check_name(finding->check), finding->seen,
		   finding->expected);

	src.device = opt.device;
	src.kernel = kernel_release();
	src.rdma_core = IBVCERT_RDMA_CORE_VERSION;
	std::string program = emit_c_repro(steps, *finding, src);
	if (opt.output.empty() || opt.output == "-") {
		fmt::print("{}", program);
		return 0;
	}
	std::ofstream out(opt.output);
	out << program;
	out.close();
	if (!out) {
		fmt::print(stderr, "ibvcert repro: cannot write {}\n", opt.output);
		return kUsage;
	}
	fmt::print(stderr, "ibvcert repro: wrote {} (cc -o repro {} -libverbs{})\n", opt.output, opt.output,
		   program.find("rdma_cma.h") != std::string::npos ? " -lrdmacm" : "");
	return 0;
}

// --from-trace: a recorded verb trace (a fuzz input's), judged with the
// caps of --device.
int from_trace(ReproOptions opt, const std::string &self)
{
	nlohmann::json steps;
	std::ifstream in(opt.from_trace);
	try {
		in >> steps;
	} catch (const nlohmann::json::exception &e) {
		fmt::print(stderr, "ibvcert repro: {} is not a verb trace ({}): expected the JSON array of "
				   "steps a fuzz target writes with IBVCERT_FUZZ_TRACE=FILE, or --trace\n",
			   opt.from_trace, e.what());
		return kUsage;
	}
	if (!steps.is_array() || steps.empty() || !steps[0].is_object() || !steps[0].contains("verb")) {
		fmt::print(stderr, "ibvcert repro: {} is not a verb trace: expected a JSON array of steps, "
				   "each an object with \"verb\" (IBVCERT_FUZZ_TRACE=FILE, or --trace)\n",
			   opt.from_trace);
		return kUsage;
	}
	std::unique_ptr<Device> device;
	if (int ret = open_repro_device(opt, device))
		return ret;
	DeviceCaps caps;
	if (int ret = read_device_caps(*device, 1, caps)) {
		fmt::print(stderr, "ibvcert repro: reading {}'s attributes returned {}\n", opt.device,
			   errno_name(ret));
		return kUsage;
	}
	judge_traced_calls(true, &caps); // the effect judge needs the caps
	device.reset();
	fmt::print(stderr, "ibvcert repro: {} ({} verb calls), judged with {}'s caps\n", opt.from_trace,
		   steps.size(), opt.device);
	ReproSource src;
	src.what = "verb trace " + opt.from_trace;
	src.replay = self + " repro --from-trace " + opt.from_trace + " --device " + opt.device;
	return write_program(steps, caps, opt, std::move(src));
}

} // namespace

int repro_command(ReproOptions opt, const std::string &self)
{
	if (opt.case_name.empty() == opt.from_trace.empty()) {
		fmt::print(stderr, "ibvcert repro: give --case CASE or --from-trace FILE (ibvcert repro --help)\n");
		return kUsage;
	}
	if (!opt.from_trace.empty()) {
		if (!opt.report.empty()) {
			fmt::print(stderr, "ibvcert repro: --report goes with --case, not --from-trace\n");
			return kUsage;
		}
		if (opt.device.empty())
			opt.device = kEmuDeviceName;
		return from_trace(opt, self);
	}
	if (!opt.report.empty())
		if (int ret = from_report(opt))
			return ret;
	if (opt.device.empty())
		opt.device = kEmuDeviceName;
	if (auto bad = check_glob(opt.case_name); !bad.empty() ||
	    opt.case_name.find_first_of("*?:-") != std::string::npos) {
		fmt::print(stderr, "ibvcert repro: --case takes one case name as `ibvcert run --list` prints it, "
				   "not '{}'\n", opt.case_name);
		return kUsage;
	}
	if (select_cases(opt.case_name).size() != 1) {
		fmt::print(stderr, "ibvcert repro: no case named '{}' (ibvcert run --suite all --list shows them)\n",
			   opt.case_name);
		return kUsage;
	}
	std::unique_ptr<Device> device;
	if (int ret = open_repro_device(opt, device))
		return ret;

	trace_log().clear();
	judge_traced_calls(true);
	std::string replay = self + " run --device " + opt.device + " --suite all";
	set_run_device(make_tracing_device(std::move(device)), replay);
	DeviceCaps caps;
	if (int ret = read_device_caps(run_device(), 1, caps)) {
		fmt::print(stderr, "ibvcert repro: reading {}'s attributes returned {}\n", opt.device,
			   errno_name(ret));
		return kUsage;
	}
	::testing::UnitTest::GetInstance()->listeners().Append(new FailureMarker);
	CaseResult result;
	run_cases(opt.case_name, {nullptr, [&](CaseResult c) { result = std::move(c); }});
	set_run_device(nullptr, replay); // the objects' destroys end the trace

	if (!opt.trace_file.empty()) {
		std::ofstream t(opt.trace_file);
		t << trace_log().steps().dump(1) << "\n";
		if (!t) {
			fmt::print(stderr, "ibvcert repro: cannot write {}\n", opt.trace_file);
			return kUsage;
		}
	}
	fmt::print(stderr, "ibvcert repro: {} on {}: {} ({} verb calls traced)\n", opt.case_name, opt.device,
		   outcome_name(result.outcome), trace_log().steps().size());
	ReproSource src;
	src.what = "case " + opt.case_name;
	const char *rc = std::getenv("RC_PARAMS");
	src.replay = (rc && *rc ? "RC_PARAMS='" + std::string(rc) + "' " : std::string()) + self +
		     " repro --case '" + opt.case_name + "' --device " + opt.device;
	for (const auto &k : opt.emu_faults)
		src.replay += " --emu-fault " + k;
	return write_program(trace_log().steps(), caps, opt, src);
}

} // namespace ibvcert
