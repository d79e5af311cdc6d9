/*
 * Benchmark-only plugin: offers whatever tabs its manifest declares (the benchmark writes one
 * with thousands), each with a static page. Compiled by daemon-bench at run time.
 */
#include <stdbool.h>
#include <stdlib.h>

#include <tabbard/plugin.h>

static int grid_instance;

static void *grid_create(void *user_data, const char *tab_id, struct tabbard_tab *tab) {
    (void)user_data;
    (void)tab_id;
    (void)tab;
    return &grid_instance;
}

static void grid_destroy(void *instance) { (void)instance; }

static bool grid_render(void *instance, const char *page, struct tabbard_content *content) {
    (void)instance;
    (void)page;
    content->title = "Grid";
    content->mime_type = "text/plain";
    content->body = "A benchmark tab";
    return true;
}

static const struct tabbard_plugin grid_plugin = {
    .struct_size = sizeof(struct tabbard_plugin),
    .abi_major = TABBARD_PLUGIN_ABI_MAJOR,
    .abi_minor = TABBARD_PLUGIN_ABI_MINOR,
    .name = "grid",
    .version = "1.0.0",
    .create = grid_create,
    .destroy = grid_destroy,
    .render = grid_render,
};

const struct tabbard_plugin *tabbard_plugin_entry_v1(uint32_t host_abi_minor, const struct tabbard_host *host) {
    (void)host_abi_minor;
    if (host == NULL || host->abi_major != TABBARD_PLUGIN_ABI_MAJOR) return NULL;
    return &grid_plugin;
}
