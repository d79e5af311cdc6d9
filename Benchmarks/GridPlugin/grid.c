/*
 * Benchmark-only plugin: offers whatever tabs its manifest declares (the benchmark writes one
 * with thousands), each with a static page, and a page "rows" of 1,000 rows that any tab can
 * navigate to (GetPage's cost at PAGE-2's row bound). Compiled by the benchmarks at run time.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

enum { GRID_ROWS = 1000 };

static char grid_row_ids[GRID_ROWS][8];
static char grid_row_titles[GRID_ROWS][16];
static struct tabbard_page_row grid_rows[GRID_ROWS];

static bool grid_navigate(void *instance, const char *page) {
    (void)instance;
    return strcmp(page, "rows") == 0;
}

static bool grid_render_page(void *instance, const char *page, struct tabbard_page *out) {
    (void)instance;
    out->title = "Grid";
    out->text = "A benchmark tab";
    if (strcmp(page, "rows") != 0) return true;
    // Made once: the rows are the same at every render.
    if (grid_rows[0].id == NULL) {
        for (int index = 0; index < GRID_ROWS; index++) {
            snprintf(grid_row_ids[index], sizeof grid_row_ids[index], "r%d", index);
            snprintf(grid_row_titles[index], sizeof grid_row_titles[index], "Row %d", index);
            grid_rows[index] = (struct tabbard_page_row){.id = grid_row_ids[index], .title = grid_row_titles[index]};
        }
    }
    out->title = "Rows";
    out->rows = grid_rows;
    out->row_count = GRID_ROWS;
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
    .navigate = grid_navigate,
    .render_page = grid_render_page,
};

const struct tabbard_plugin *tabbard_plugin_entry_v1(uint32_t host_abi_minor, const struct tabbard_host *host) {
    (void)host_abi_minor;
    if (host == NULL || host->abi_major != TABBARD_PLUGIN_ABI_MAJOR) return NULL;
    return &grid_plugin;
}
