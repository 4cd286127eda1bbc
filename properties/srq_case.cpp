#include "properties/srq_case.h"

#include "fixtures/rigs/run_context.h"
#include "contracts/names.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cerrno>

namespace ibvcert {
namespace {

int gtest_failures()
{
	const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
	return info ? info->result()->total_part_count() : 0;
}

// The rig's account without its first line (the device, which the evidence
// names itself) and its replay line (a property replays with RC_PARAMS).
std::string rig_account(const SrqRig &rig)
{
	std::string text = rig.evidence();
	if (text.rfind("device: ", 0) == 0)
		text.erase(0, text.find('\n') + 1);
	size_t replay = text.rfind("replay: ");
	if (replay != std::string::npos && (replay == 0 || text[replay - 1] == '\n'))
		text.erase(replay);
	while (!text.empty() && text.back() == '\n')
		text.pop_back();
	return text;
}

} // namespace

SrqSupport SrqSupport::probe(SrqTraffic traffic)
{
	SrqSupport s;
	SrqRig rig(traffic);
	s.skip = rig.prepare({1, 0});
	if (s.skip)
		return s;
	if (::testing::Test::HasFailure())
		return s;
	s.caps = &rig.caps();
	int ret = 0;
	rig.query(ret);
	if (ret == EOPNOTSUPP || ret == ENOSYS)
		s.query_missing = "ibv_query_srq returned " + errno_name(ret);
	else if (ret)
		ADD_FAILURE() << "ibv_query_srq on a new SRQ returned " << errno_name(ret) << "\n"
			      << rig.evidence();
	return s;
}

void SrqCase::prepare(uint32_t max_wr, uint32_t create_limit)
{
	int failures = gtest_failures();
	auto why = rig_.prepare({max_wr, create_limit});
	if (why)
		fail("precondition: the SRQ for the case cannot be made: " + *why);
	if (gtest_failures() != failures)
		fail("precondition: making the SRQ for the case failed (the failure above)");
}

const std::string &SrqCase::device_name() const
{
	return run_device().name();
}

int SrqCase::query(ibv_srq_attr &attr)
{
	int ret = 0;
	attr = rig_.query(ret);
	return ret;
}

uint32_t SrqCase::limit_events(std::chrono::milliseconds window)
{
	rig_.events().listen(window, rig_.step());
	return (uint32_t)rig_.events().limit_events();
}

uint32_t SrqCase::await_limit_events(uint32_t want)
{
	EventLog &log = rig_.events();
	auto end = std::chrono::steady_clock::now() + kPropertyEventTimeout;
	while ((uint32_t)log.limit_events() < want) {
		auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
			end - std::chrono::steady_clock::now());
		if (left.count() <= 0 || !log.await_limit(left, rig_.step()))
			break;
	}
	return (uint32_t)log.limit_events();
}

std::string SrqCase::evidence(const std::string &headline,
			      const std::vector<std::string> &lines) const
{
	std::string out = headline + "\ndevice: " + device_name();
	for (const auto &l : lines)
		out += "\n" + l;
	return out + "\n" + rig_account(rig_);
}

void SrqCase::fail(const std::string &headline, const std::vector<std::string> &lines) const
{
	RC_FAIL(evidence(headline, lines));
}

} // namespace ibvcert
