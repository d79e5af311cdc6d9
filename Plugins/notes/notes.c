/*
 * The bundled notes plugin, in plain C against <tabbard/plugin.h> alone: the proof that the
 * plugin ABI needs nothing of Swift. One tab, `notes`: a list of notes; the badge counts
 * them; actions `add` (a numbered note) and `clear`.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tabbard/plugin.h>

#define NOTES_MAX 256

static const struct tabbard_host *notes_host;

struct notes {
    struct tabbard_tab *tab;
    unsigned count;
    unsigned next_number;
    char *texts[NOTES_MAX];
};

static void notes_update_badge(struct notes *notes) {
    char badge[16];
    if (notes->count == 0) {
        notes_host->set_badge(notes->tab, NULL);
        return;
    }
    snprintf(badge, sizeof badge, "%u", notes->count);
    notes_host->set_badge(notes->tab, badge);
}

static void *notes_create(void *user_data, const char *tab_id, struct tabbard_tab *tab) {
    (void)user_data;
    if (strcmp(tab_id, "notes") != 0) return NULL;
    struct notes *notes = calloc(1, sizeof *notes);
    if (notes == NULL) return NULL;
    notes->tab = tab;
    notes->next_number = 1;
    notes_update_badge(notes);
    return notes;
}

static void notes_clear(struct notes *notes) {
    for (unsigned i = 0; i < notes->count; i++) free(notes->texts[i]);
    notes->count = 0;
}

static void notes_destroy(void *instance) {
    notes_clear(instance);
    free(instance);
}

/* Frees the body buffer render() allocated, once the host has copied it. */
static void notes_release_content(struct tabbard_content *content) {
    free(content->release_data);
}

static bool notes_render(void *instance, const char *page, struct tabbard_content *content) {
    struct notes *notes = instance;
    (void)page; /* one page only: the root */
    size_t size = 32;
    for (unsigned i = 0; i < notes->count; i++) size += strlen(notes->texts[i]) + 1;
    char *body = malloc(size);
    if (body == NULL) return false;
    if (notes->count == 0) {
        strcpy(body, "No notes");
    } else {
        size_t used = 0;
        for (unsigned i = 0; i < notes->count; i++) {
            used += (size_t)snprintf(body + used, size - used, i == 0 ? "%s" : "\n%s", notes->texts[i]);
        }
    }
    content->title = "Notes";
    content->mime_type = "text/plain";
    content->body = body;
    content->release = notes_release_content;
    content->release_data = body;
    return true;
}

static const char *const notes_actions_all[] = {"add", "clear"};

static bool notes_actions(void *instance, struct tabbard_actions *actions) {
    struct notes *notes = instance;
    /* Static strings: no release needed. `clear` is offered only when there is something. */
    actions->names = notes_actions_all;
    actions->count = notes->count == 0 ? 1 : 2;
    return true;
}

static bool notes_activate(void *instance, const char *action) {
    struct notes *notes = instance;
    if (strcmp(action, "add") == 0) {
        if (notes->count == NOTES_MAX) return false;
        char text[32];
        snprintf(text, sizeof text, "Note %u", notes->next_number++);
        notes->texts[notes->count] = strdup(text);
        if (notes->texts[notes->count] == NULL) return false;
        notes->count++;
    } else if (strcmp(action, "clear") == 0 && notes->count > 0) {
        notes_clear(notes);
    } else {
        return false;
    }
    notes_update_badge(notes);
    notes_host->content_changed(notes->tab);
    return true;
}

static const struct tabbard_plugin notes_plugin = {
    .struct_size = sizeof(struct tabbard_plugin),
    .abi_major = TABBARD_PLUGIN_ABI_MAJOR,
    .abi_minor = TABBARD_PLUGIN_ABI_MINOR,
    .name = "notes",
    .version = "1.0.0",
    .create = notes_create,
    .destroy = notes_destroy,
    .render = notes_render,
    .actions = notes_actions,
    .activate = notes_activate,
};

const struct tabbard_plugin *tabbard_plugin_entry_v1(uint32_t host_abi_minor, const struct tabbard_host *host) {
    (void)host_abi_minor; /* 1.0 needs nothing newer */
    if (host == NULL || host->abi_major != TABBARD_PLUGIN_ABI_MAJOR) return NULL;
    notes_host = host;
    host->log(host, TABBARD_LOG_DEBUG, "notes: ready");
    return &notes_plugin;
}
