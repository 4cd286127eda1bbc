// ibv_modify_qp_rate_limit and ibv_set_ece: one QP of a covered type walked
// to a decoded start state, then a sequence of both calls (fuzz/README.md).
#include "fuzz/harness/ops.h"

namespace {

const ibvcert::fuzz::Target kTarget = {
	"qp_qos",
	ibvcert::fuzz::one_qp_setup,
	{{"rate_limit", ibvcert::fuzz::rate_limit_step},
	 {"set_ece", ibvcert::fuzz::set_ece_step}},
	16,
};

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	return ibvcert::fuzz::initialize(argc, argv, kTarget);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return ibvcert::fuzz::run_input(kTarget, data, size);
}
