// ibv_modify_srq: an SRQ of decoded attributes, then a sequence of
// ibv_modify_srq, ibv_post_srq_recv and ibv_query_srq calls (fuzz/README.md).
#include "fuzz/harness/ops.h"

namespace {

const ibvcert::fuzz::Target kTarget = {
	"modify_srq",
	ibvcert::fuzz::create_srq_step,
	{{"modify_srq", ibvcert::fuzz::modify_srq_step},
	 {"post_srq_recv", ibvcert::fuzz::post_srq_recv_step},
	 {"query_srq", ibvcert::fuzz::query_srq_step}},
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
