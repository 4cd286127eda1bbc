#include "conformance/pacing_checks.h"

#include <fmt/format.h>

namespace ibvcert {

std::string paced_within(const std::vector<SendRecord> &r, uint32_t rate_kbps,
			 std::optional<uint32_t> burst, const RateTolerance &tol)
{
	double rate = rate_kbps * 1e3;
	double steady = steady_rate(r);
	std::string out;
	if (steady > rate * (1 + tol.relative))
		out += fmt::format("steady send rate {} is above rate_limit {} (+{:.1f}%)\n", gbps(steady),
				   gbps(rate), 100 * tol.relative);
	if (burst) {
		WindowExcess w = max_window_excess(r, rate * (1 + tol.relative), tol.slack_ns);
		if (w.bytes > *burst + tol.bytes)
			out += fmt::format("sends {}..{} ({} bytes from {} ns to {} ns) exceed rate x window "
					   "by {:.0f} bytes, more than max_burst_sz {} (+{:.0f} tolerance)\n",
					   w.first, w.last, w.sent, w.from_ns, w.to_ns, w.bytes, *burst,
					   tol.bytes);
	}
	return out;
}

std::string paced_at(const std::vector<SendRecord> &r, uint32_t rate_kbps, const RateTolerance &tol)
{
	double rate = rate_kbps * 1e3;
	double steady = steady_rate(r);
	if (steady < rate * (1 - tol.relative) || steady > rate * (1 + tol.relative))
		return fmt::format("steady send rate {} is not rate_limit {} (+-{:.1f}%)\n", gbps(steady),
				   gbps(rate), 100 * tol.relative);
	return "";
}

uint64_t frames_past_burst(uint32_t burst, uint32_t frame_bytes)
{
	return 2 * ((uint64_t)burst + frame_bytes - 1) / frame_bytes + 64;
}

} // namespace ibvcert
