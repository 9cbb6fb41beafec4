/* A jvm device image for programs compiled without device code (OffloadCorpusTest.hostFallbackMatchesOracle):
   the device exists, their regions have no kernel on it and fall back to the host, while their
   data constructs map to it. */
#pragma omp declare target
int offload_corpus_image_marker = 1;
#pragma omp end declare target
