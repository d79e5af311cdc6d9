/*
 * The bundled notes plugin, in plain C against <tabbard/plugin.h> alone: the proof that the
 * plugin ABI needs nothing of Swift. One tab, `notes`: a list of notes; the badge counts
 * them; actions `add` (a numbered note) and `clear`. Since ABI 1.2 its page has a row per
 * note and labelled actions, in the controller's locale (set_locale).
 */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tabbard/plugin.h>

#define NOTES_MAX 256

static const struct tabbard_host *notes_host;

/* The page's words in one language: those of the tab's titles in notes.plugin. */
struct notes_words {
    const char *language, *title, *empty, *add, *clear;
};

static const struct notes_words notes_languages[] = {
    {"en", "Notes", "No notes", "Add note", "Clear notes"},
    {"fr", "Notes", "Aucune note", "Ajouter une note", "Effacer les notes"},
    {"de", "Notizen", "Keine Notizen", "Notiz hinzufügen", "Notizen löschen"},
    {"es", "Notas", "No hay notas", "Añadir nota", "Borrar notas"},
    {"ru", "Заметки", "Нет заметок", "Добавить заметку", "Очистить заметки"},
    {"ja", "メモ", "メモはありません", "メモを追加", "メモを消去"},
};

/* The words of `locale` ("fr_FR.UTF-8"): its language's, else English. */
static const struct notes_words *notes_words_for(const char *locale) {
    for (size_t i = 1; i < sizeof notes_languages / sizeof notes_languages[0]; i++) {
        size_t length = strlen(notes_languages[i].language);
        if (strncmp(locale, notes_languages[i].language, length) == 0 && strchr("_.@-", locale[length]) != NULL) {
            return &notes_languages[i];
        }
    }
    return &notes_languages[0];
}

struct notes {
    struct tabbard_tab *tab;
    unsigned count;
    unsigned next_number;
    char *texts[NOTES_MAX];
    /* The words of the controller's locale (set_locale); English until told. */
    const struct notes_words *words;
    /* The rows render_page hands the host, and their ids, kept until the next call. */
    struct tabbard_page_row rows[NOTES_MAX];
    char row_ids[NOTES_MAX][16];
    struct tabbard_action_label labels[2];
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
    notes->words = &notes_languages[0];
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
    size_t size = 64;
    for (unsigned i = 0; i < notes->count; i++) size += strlen(notes->texts[i]) + 1;
    char *body = malloc(size);
    if (body == NULL) return false;
    if (notes->count == 0) {
        snprintf(body, size, "%s", notes->words->empty);
    } else {
        size_t used = 0;
        for (unsigned i = 0; i < notes->count; i++) {
            used += (size_t)snprintf(body + used, size - used, i == 0 ? "%s" : "\n%s", notes->texts[i]);
        }
    }
    content->title = notes->words->title;
    content->mime_type = "text/plain";
    content->body = body;
    content->release = notes_release_content;
    content->release_data = body;
    return true;
}

static const char *const notes_actions_all[] = {"add", "clear"};

/* Frees the text render_page() allocated (through the render() it shares). */
static void notes_release_page(struct tabbard_page *page) {
    free(page->release_data);
}

/* ABI 1.2: the same page with a row per note and labelled actions. */
static bool notes_render_page(void *instance, const char *page, struct tabbard_page *out) {
    struct notes *notes = instance;
    struct tabbard_content text = {0};
    if (!notes_render(instance, page, &text)) return false;
    for (unsigned i = 0; i < notes->count; i++) {
        snprintf(notes->row_ids[i], sizeof notes->row_ids[i], "note-%u", i + 1);
        notes->rows[i] = (struct tabbard_page_row){.id = notes->row_ids[i], .title = notes->texts[i]};
    }
    notes->labels[0] = (struct tabbard_action_label){"add", notes->words->add, "list-add-symbolic"};
    notes->labels[1] = (struct tabbard_action_label){"clear", notes->words->clear, "edit-clear-all-symbolic"};
    out->title = text.title;
    out->mime_type = text.mime_type;
    out->text = text.body;
    out->rows = notes->rows;
    out->row_count = notes->count;
    out->action_labels = notes->labels;
    out->action_label_count = 2;
    out->release = notes_release_page;
    out->release_data = text.release_data;
    return true;
}

static void notes_set_locale(void *instance, const char *locale) {
    struct notes *notes = instance;
    notes->words = notes_words_for(locale);
}

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
    .render_page = notes_render_page,
    .set_locale = notes_set_locale,
};

const struct tabbard_plugin *tabbard_plugin_entry_v1(uint32_t host_abi_minor, const struct tabbard_host *host) {
    (void)host_abi_minor; /* 1.0 needs nothing newer */
    if (host == NULL || host->abi_major != TABBARD_PLUGIN_ABI_MAJOR) return NULL;
    notes_host = host;
    host->log(host, TABBARD_LOG_DEBUG, "notes: ready");
    return &notes_plugin;
}
