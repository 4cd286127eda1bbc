#include "fuzz/harness/options.h"

#include "fuzz/harness/known.h"
#include "fuzz/harness/running.h"

#include "fixtures/device.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <vector>

namespace ibvcert::fuzz {
namespace {

Options g_options;

[[noreturn]] void bad_input(const std::string &what)
{
	fprintf(stderr, "%s_fuzzer: %s\n", g_options.target.c_str(), what.c_str());
	exit(2);
}

std::string env(const char *name)
{
	const char *v = getenv(name);
	return v ? v : "";
}

// "a,b" or "a b" -> the fault set; unknown knob names end the run.
void set_faults(DeviceSpec &spec, const std::string &list, const char *source)
{
	std::string item;
	std::istringstream in(list);
	while (std::getline(in, item, ',')) {
		std::istringstream words(item);
		std::string name;
		while (words >> name) {
			auto fault = emu_fault_from_name(name);
			if (!fault) {
				std::string known;
				for (const auto &k : emu_fault_knobs())
					known += std::string("\n  ") + k.name + "  " + k.what;
				bad_input(std::string(source) + ": unknown fault knob '" + name +
					  "'; knobs:" + known);
			}
			spec.faults.set(*fault);
			spec.fault_names += (spec.fault_names.empty() ? "" : ",") + name;
		}
	}
}

void check_device(const DeviceSpec &spec, const char *source)
{
	if (spec.faults.any() && spec.name != kEmuDeviceName)
		bad_input(std::string(source) + ": fault knobs apply only to " + kEmuDeviceName +
			  ", not to '" + spec.name + "'");
	if (spec.name == kEmuDeviceName)
		return;
	std::unique_ptr<Device> device;
	int ret = open_device(spec.name, device);
	if (ret == 0)
		return;
	std::string known;
	for (const auto &d : list_devices())
		known += "\n  " + d.name + (d.open_error.empty() ? "" : "  (" + d.open_error + ")");
	bad_input(std::string(source) + ": cannot open device '" + spec.name + "' (" +
		  (ret == ENODEV ? std::string("no such device") : std::to_string(ret)) +
		  "); devices:" + known);
}

std::string shell_quote(const std::string &s)
{
	if (s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				"0123456789_-+=./,:@") == std::string::npos)
		return s;
	std::string out = "'";
	for (char c : s)
		out += c == '\'' ? std::string("'\\''") : std::string(1, c);
	return out + "'";
}

} // namespace

const Options &options()
{
	return g_options;
}

void init_options(int argc, char **argv, const char *target)
{
	Options &o = g_options;
	o.target = target;
	std::error_code ec;
	auto program = std::filesystem::absolute(argv[0], ec);
	o.program = ec ? argv[0] : program.lexically_normal().string();

	o.device.name = env("IBVCERT_DEVICE").empty() ? kEmuDeviceName : env("IBVCERT_DEVICE");
	std::string faults = env("IBVCERT_EMU_FAULT");
	std::string device2 = env("IBVCERT_DEVICE2");
	std::string faults2 = env("IBVCERT_EMU_FAULT2");
	std::string print = env("IBVCERT_FUZZ_PRINT");
	o.print = !print.empty() && print != "0";
	o.known = env("IBVCERT_KNOWN");
	std::string tally = env("IBVCERT_KNOWN_TALLY");
	o.trace = env("IBVCERT_FUZZ_TRACE");
	std::string oracle = env("IBVCERT_FUZZ_ORACLE");

	// Our flags are the "--ibvcert-*" ones; the rest belong to libFuzzer.
	// Values go after '=': libFuzzer would take a separate word for an input.
	CLI::App app{std::string(target) + "_fuzzer: libFuzzer target of ibvcert (fuzz/README.md)"};
	app.set_help_flag("--ibvcert-help", "Print the ibvcert flags and exit");
	app.add_option("--ibvcert-device", o.device.name, "Device under test (default emu0; env IBVCERT_DEVICE)");
	app.add_option("--ibvcert-emu-fault", faults, "Fault knobs of emu0, comma-separated (env IBVCERT_EMU_FAULT)");
	app.add_option("--ibvcert-device2", device2, "Second device: differential mode (env IBVCERT_DEVICE2)");
	app.add_option("--ibvcert-emu-fault2", faults2, "Fault knobs of the second device when it is emu0 (env IBVCERT_EMU_FAULT2)");
	app.add_option("--ibvcert-known", o.known, "Known-deviations file (deviations/<provider>.json): a violation it lists is counted and its input passed over (env IBVCERT_KNOWN)");
	app.add_option("--ibvcert-known-tally", tally, "Directory where the known deviations met are counted, one file per process (env IBVCERT_KNOWN_TALLY)");
	app.add_flag("--ibvcert-print", o.print, "Print each decoded input in the evidence format (env IBVCERT_FUZZ_PRINT=1)");
	app.add_option("--ibvcert-trace", o.trace, "Write the first device's verb trace (JSON) to this file, for `ibvcert repro --from-trace` (env IBVCERT_FUZZ_TRACE)");
	app.add_option("--ibvcert-oracle", oracle, "on (default) or off: crash-only, the input walked but not judged (env IBVCERT_FUZZ_ORACLE)");
	std::vector<std::string> ours;
	for (int i = argc - 1; i >= 1; i--) {
		std::string arg = argv[i];
		if (arg.rfind("--ibvcert", 0) == 0)
			ours.push_back(arg);
	}
	try {
		app.parse(ours); // CLI11 takes them in reverse order
	} catch (const CLI::CallForHelp &e) {
		exit(app.exit(e));
	} catch (const CLI::ParseError &e) {
		bad_input(e.what() + std::string(" (flags: --ibvcert-help)"));
	}

	if (oracle == "off")
		o.oracle = false;
	else if (!oracle.empty() && oracle != "on")
		bad_input("IBVCERT_FUZZ_ORACLE / --ibvcert-oracle: '" + oracle + "' is neither on nor off");
	set_faults(o.device, faults, "IBVCERT_EMU_FAULT / --ibvcert-emu-fault");
	check_device(o.device, "IBVCERT_DEVICE / --ibvcert-device");
	if (!device2.empty()) {
		o.device2 = DeviceSpec{};
		o.device2->name = device2;
		set_faults(*o.device2, faults2, "IBVCERT_EMU_FAULT2 / --ibvcert-emu-fault2");
		check_device(*o.device2, "IBVCERT_DEVICE2 / --ibvcert-device2");
	} else if (!faults2.empty()) {
		bad_input("IBVCERT_EMU_FAULT2 / --ibvcert-emu-fault2 without a second device");
	}
	if (!o.known.empty()) {
		std::error_code ec;
		auto abs = std::filesystem::absolute(o.known, ec);
		if (!ec)
			o.known = abs.lexically_normal().string();
		load_known(o.known, o.target);
	}
	if (!tally.empty()) {
		if (o.known.empty())
			bad_input("IBVCERT_KNOWN_TALLY / --ibvcert-known-tally without a known-deviations file");
		if (!std::filesystem::is_directory(tally))
			bad_input("IBVCERT_KNOWN_TALLY / --ibvcert-known-tally: '" + tally + "' is not a directory");
		set_known_tally_dir(tally);
	}
	if (std::string running = env("IBVCERT_FUZZ_RUNNING"); !running.empty())
		set_running_file(running.c_str());
	if (std::string history = env("IBVCERT_FUZZ_HISTORY"); !history.empty())
		set_history_dir(history.c_str());
	if (std::string victim = env("IBVCERT_FUZZ_OOM_VICTIM"); victim == "1")
		choose_oom_victim(argc, argv);
	else if (!victim.empty())
		bad_input("IBVCERT_FUZZ_OOM_VICTIM: 1 or unset, not '" + victim + "'");

	// Only to name the crash file in the reproducer: libFuzzer writes it as
	// <artifact_prefix>crash-<sha1 of the input>.
	int inputs = 0;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		if (arg.rfind("-artifact_prefix=", 0) == 0)
			o.artifact_prefix = arg.substr(strlen("-artifact_prefix="));
		if (arg.rfind("-exact_artifact_path=", 0) == 0)
			o.exact_artifact_path = arg.substr(strlen("-exact_artifact_path="));
		if (arg[0] != '-' && std::filesystem::is_regular_file(arg, ec)) {
			inputs++;
			o.input_file = std::filesystem::absolute(arg, ec).lexically_normal().string();
		}
	}
	if (inputs != 1)
		o.input_file.clear();
}

std::string replay_command(const std::string &input_file)
{
	const Options &o = g_options;
	std::string cmd = "IBVCERT_DEVICE=" + shell_quote(o.device.name);
	if (o.device.faults.any())
		cmd += " IBVCERT_EMU_FAULT=" + shell_quote(o.device.fault_names);
	if (o.device2) {
		cmd += " IBVCERT_DEVICE2=" + shell_quote(o.device2->name);
		if (o.device2->faults.any())
			cmd += " IBVCERT_EMU_FAULT2=" + shell_quote(o.device2->fault_names);
	}
	if (!o.known.empty())
		cmd += " IBVCERT_KNOWN=" + shell_quote(o.known);
	return cmd + " " + shell_quote(o.program) + " " + shell_quote(input_file);
}

std::string input_file_for(const std::string &sha1_hex)
{
	const Options &o = g_options;
	if (!o.input_file.empty())
		return o.input_file;
	std::string file = !o.exact_artifact_path.empty() ? o.exact_artifact_path
							  : o.artifact_prefix + "crash-" + sha1_hex;
	std::error_code ec;
	auto abs = std::filesystem::absolute(file, ec);
	return ec ? file : abs.lexically_normal().string();
}

} // namespace ibvcert::fuzz
