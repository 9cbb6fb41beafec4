// CHECK: 9:2: warning: #embed is a C23 extension [-Wc23-extensions]
// CHECK: 9:8: fatal error: '238-no-such-file.bin' file not found
// An #embed whose file is not found: a fatal error at the file name (quoted names are looked
// for beside this file, then in the --embed-dir folders; <...> names only in those folders).
#if __has_embed("238-no-such-file.bin") != __STDC_EMBED_NOT_FOUND__
#error __has_embed found a file that is not there
#endif
const unsigned char data[] = {
#embed "238-no-such-file.bin" limit(4)
};
