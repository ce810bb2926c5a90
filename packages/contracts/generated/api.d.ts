/**
 * Generated from /openapi.json (packages/contracts/src/openapi.ts) by openapi-typescript:
 * do not edit; run `npm run api-types -w @baton/contracts` (a test fails while this file is stale).
 */
export interface paths {
    "/api/token/check/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Session check */
        get: operations["tokenCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token/refresh/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate a refresh token */
        post: operations["tokenRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/logout/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke the session of a refresh token */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user_signup/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account */
        post: operations["signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the e-mail address with the mailed link (beyond SPEC) */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email/resend/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a new confirmation link (beyond SPEC) */
        post: operations["resendVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/request/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password reset link */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/check/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether a reset link still works (beyond SPEC: its page says so before the form) */
        post: operations["checkPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/confirm/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password from a reset link */
        post: operations["confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/change-password/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/delete-account/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete the account */
        post: operations["deleteAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/preferences/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's preferences (beyond SPEC §7: the sound setting follows the person) */
        get: operations["getPreferences"];
        /** Save the account's preferences */
        put: operations["updatePreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/trusted-users/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List trusted users */
        get: operations["listTrustedUsers"];
        put?: never;
        /** Trust a user by e-mail (invites unknown e-mails) */
        post: operations["trustOrInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trusted-users/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Trust a user by e-mail */
        post: operations["trustUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trusted-users/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a trusted user */
        delete: operations["removeTrustedUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/activate/{uidb64}/{token}/{taskId}/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an acceptance link */
        get: operations["readAcceptLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accept_task": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation or assignment */
        post: operations["acceptTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/decline_task": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The recipient (pending or accepted) declines, with a reason; the task goes back to the delegator */
        post: operations["declineTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/propose_due_date": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The recipient proposes another due date, with a note (one open proposal per task) */
        post: operations["proposeDueDate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/answer_proposal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The delegator accepts (the due date moves) or declines the open proposal */
        post: operations["answerProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reassign_task": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The delegator hands the task to someone else (their own address: it becomes a personal task again) */
        post: operations["reassignTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/waiting/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every open task I delegated, grouped by the person it waits on */
        get: operations["waitingTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nudge/{taskId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remind the recipient of an open delegated task (at most once a day per task; 429 after) */
        post: operations["nudgeTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/search/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Full-text search (typo-tolerant) over the titles, descriptions, progress notes, comments and attachment names of every task the person may see */
        get: operations["search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/views/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The person's saved views (a name and a list's URL query), by name */
        get: operations["listViews"];
        put?: never;
        /** Save a view by name (the same name replaces it) */
        post: operations["saveView"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/views/{viewId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a saved view */
        delete: operations["deleteView"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/bulk/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete, set the priority or due date of, file or delete many tasks at once: all or nothing, each task checked as its own route would */
        post: operations["bulkTasks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/bulk/undo/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Undo a bulk change as one change (deleted tasks come back whole) */
        post: operations["undoBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calendar/feed/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The person's secret iCalendar feed address (made on first ask) */
        get: operations["calendarFeed"];
        put?: never;
        /** A new feed address; the old one answers 404 from now on */
        post: operations["rotateCalendarFeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calendar/{token}/tasks.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The iCalendar feed (text/calendar): one all-day event per open task with a due date */
        get: operations["calendarFeedFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/tasks.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every task the person owns or receives, as CSV (streamed) */
        get: operations["exportTasksCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/tasks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every task the person owns or receives, with comments and progress notes, as JSON (streamed) */
        get: operations["exportTasksJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/import/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Personal tasks from a Todoist CSV, a Trello board JSON or a Baton export: a preview, then with `confirm` the tasks */
        post: operations["importTasks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/personal/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Personal tasks: all of them (streamed), or with `page` one page (keyset cursor) with the tab counts */
        post: operations["personalTasks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/get_assigned/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assigned tasks, both sides: all of them (streamed), or with `page` one page of one side with the tab counts */
        post: operations["assignedTasks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/get_invited/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invited tasks, both sides: all of them (streamed), or with `page` one page of one side with the tab counts */
        post: operations["invitedTasks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/create_list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create or update a personal task */
        post: operations["savePersonalTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/send_email/assign_user/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assign a task to a user */
        post: operations["assignTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/send_email/invite_user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite a user to a task */
        post: operations["inviteToTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/edit_shared_task/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Edit a delegated task */
        post: operations["editSharedTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/delete_list/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete a task */
        post: operations["deleteTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/completed/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete or reopen a task */
        post: operations["completeTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/summary/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The dashboard's figures, computed in Postgres (beyond SPEC §7) */
        get: operations["taskSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{taskId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One task as the person sees it, for its own page (beyond SPEC §7); 404 when not theirs */
        get: operations["getTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/progress-logs/{taskId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Progress history */
        get: operations["progressLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/progress/{taskId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Update progress */
        post: operations["updateProgress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task_comments/{taskId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Comments of a task, oldest first (with `after`: only those after that comment) */
        get: operations["taskComments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/add_comment/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a comment */
        post: operations["addComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/preview/{taskId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Preview a task attachment */
        get: operations["previewAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/download/presign/{taskId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download URL of a task attachment */
        get: operations["downloadAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/folders/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List folders */
        get: operations["listFolders"];
        put?: never;
        /** Create a folder */
        post: operations["createFolder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/folders/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update a folder */
        put: operations["updateFolder"];
        post?: never;
        /** Delete a folder */
        delete: operations["deleteFolder"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/folders/{id}/attach-tasks/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Attach tasks to a folder */
        post: operations["attachTasks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/folders/{folderId}/preview-basefile/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Preview the base file */
        get: operations["previewBaseFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/folders/{folderId}/download-basefile/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download URL of the base file */
        get: operations["downloadBaseFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/uploads/presign/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Presign an upload */
        post: operations["presignUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/uploads/usage/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The person's file storage: used and allowed bytes (beyond SPEC) */
        get: operations["uploadUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List notifications */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/task-messages/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What a reconnecting /ws/tasks/ missed */
        get: operations["taskMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/mark_as_read/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark notifications read */
        post: operations["markNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/delete/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete notifications */
        post: operations["deleteNotifications"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/notification-preferences/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notification preferences per event and channel, digest and time zone */
        get: operations["getNotificationPreferences"];
        /** Change any subset of the notification preferences */
        put: operations["updateNotificationPreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/notification-preferences/test-digest/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the digest now (what has collected, or a short "nothing new" mail) */
        post: operations["sendTestDigest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/unsubscribe/{token}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** RFC 8058 one-click unsubscribe: turns off one event's e-mails, or the digest */
        post: operations["unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/push/key/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The server's VAPID public key, to subscribe a device to push */
        get: operations["pushKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/push/subscriptions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn on push for this device (its PushSubscription) */
        post: operations["subscribePush"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/push/subscriptions/remove/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn off push for this device */
        post: operations["unsubscribePush"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            code: string;
            error: string;
            message: string;
            requestId?: string;
            service?: string;
            issues?: {
                path: string;
                message: string;
            }[];
        };
    };
    responses: {
        /** @description Something failed on the server (`code` `internal`). */
        UnexpectedError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request is malformed or fails validation (`code` `validation_failed`, `invalid_json` or `bad_request`; `issues` names each field). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "validation_failed",
                 *       "error": "Please fill out all required fields, including the PRIORITY.",
                 *       "message": "Please fill out all required fields, including the PRIORITY.",
                 *       "issues": [
                 *         {
                 *           "path": "title",
                 *           "message": "Please fill out all required fields, including the PRIORITY."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No valid credentials: the access token is missing, expired or revoked (refresh it), or the sign-in or refresh token was refused. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "unauthorized",
                 *       "error": "Authentication credentials were not provided.",
                 *       "message": "Authentication credentials were not provided."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Signed in, but this person may not do this to this resource. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "forbidden",
                 *       "error": "Only the person who delegated this task can do that.",
                 *       "message": "Only the person who delegated this task can do that."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not found, or not visible to this person (a stranger’s task is never revealed). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "not_found",
                 *       "error": "Task not found.",
                 *       "message": "Task not found."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The resource’s current state does not allow this (already done, still open, in use). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "conflict",
                 *       "error": "This task is already completed.",
                 *       "message": "This task is already completed."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body, or the upload it announces, is larger than allowed. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "payload_too_large",
                 *       "error": "Request body is too large.",
                 *       "message": "Request body is too large."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is not JSON (send `Content-Type: application/json`). */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "unsupported_media_type",
                 *       "error": "Request body must be JSON (Content-Type: application/json).",
                 *       "message": "Request body must be JSON (Content-Type: application/json)."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many attempts: try again after the seconds in `Retry-After`. */
        RateLimited: {
            headers: {
                /** @description Seconds to wait before trying again. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "rate_limited",
                 *       "error": "Too many attempts. Please wait a minute and try again.",
                 *       "message": "Too many attempts. Please wait a minute and try again."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The service that owns the route, or its database, is not reachable right now (`service` names it): try again shortly. */
        ServiceUnavailable: {
            headers: {
                /** @description Seconds to wait before trying again. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "service_unavailable",
                 *       "error": "The tasks service is not available yet.",
                 *       "message": "The tasks service is not available yet.",
                 *       "service": "tasks"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    tokenCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @constant */
                        status: "ok";
                        user: {
                            /** Format: uuid */
                            id: string;
                            email: string;
                            first_name: string;
                            last_name: string;
                        };
                        emailVerified: boolean;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    tokenRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: string;
                        refresh: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            /** Format: uuid */
                            id: string;
                            email: string;
                            first_name: string;
                            last_name: string;
                        };
                        tokens: {
                            access: string;
                            refresh: string;
                        };
                        preferences: {
                            notificationSoundEnabled: boolean;
                        };
                        emailVerified: boolean;
                        error: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    signup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    firstname: string;
                    lastname: string;
                    email: string;
                    password: string;
                    confirmPassword: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tokens: null;
                        error: null;
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    resendVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    checkPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    uid: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        valid: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    uid: string;
                    token: string;
                    newPassword: string;
                    confirmPassword: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                    confirmPassword: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    confirmation: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notificationSoundEnabled: boolean;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updatePreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    notificationSoundEnabled: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notificationSoundEnabled: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listTrustedUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: date-time */
                        created_at: string;
                        trusted: {
                            /** Format: uuid */
                            id: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                        };
                        first_name: string;
                        last_name: string;
                        email: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    trustOrInvite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    trusted_email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: date-time */
                        created_at: string;
                        trusted: {
                            /** Format: uuid */
                            id: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                        };
                        first_name: string;
                        last_name: string;
                        email: string;
                        /** @constant */
                        invitation_sent: false;
                        message: string;
                    } | {
                        /** @constant */
                        invitation_sent: true;
                        message: string;
                        email: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    trustUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: date-time */
                        created_at: string;
                        trusted: {
                            /** Format: uuid */
                            id: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                        };
                        first_name: string;
                        last_name: string;
                        email: string;
                        /** @constant */
                        invitation_sent: false;
                        message: string;
                    } | {
                        /** @constant */
                        invitation_sent: true;
                        message: string;
                        email: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    removeTrustedUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    readAcceptLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uidb64: string;
                token: string;
                taskId: string;
                action: "invite_accept" | "assign_accept";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "valid";
                        task: {
                            title: string;
                            description: string;
                            owner: string;
                            deadline: string | null;
                            priority: number;
                        };
                    } | {
                        /** @enum {string} */
                        status: "accepted" | "expired" | "invalid" | "declined";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    acceptTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    task_id: string;
                    user_email: string;
                    trusted: boolean;
                    /** @enum {string} */
                    role: "invite" | "assign";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    declineTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    task_id: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    proposeDueDate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    task_id: string;
                    /** Format: date */
                    dueDate: string;
                    /** @default  */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    answerProposal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    task_id: string;
                    accept: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    reassignTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    task_id: string;
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        task_id: string;
                        /** Format: uuid */
                        id: string;
                        error: null;
                        invitation_sent: boolean;
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    waitingTasks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        people: {
                            name: string;
                            email: string;
                            open: number;
                            overdue: number;
                            tasks: {
                                task: {
                                    /** Format: uuid */
                                    id: string;
                                    title: string;
                                    description: string;
                                    dueDate: string | null;
                                    /** @enum {string} */
                                    priority: "Immediate" | "Moderate" | "Lenient";
                                    progress: number;
                                    completed: boolean;
                                    completedAt: string | null;
                                    /** Format: date-time */
                                    created_at: string;
                                    owner: string;
                                    firstName: string;
                                    assigned_users: string[];
                                    invited_users: string[];
                                    recipientName?: string | null;
                                    is_trusted: boolean;
                                    is_accepted: boolean;
                                    folder: {
                                        /** Format: uuid */
                                        id: string;
                                        name: string;
                                        color: string | null;
                                    } | null;
                                    attachmentKey: string | null;
                                    attachmentUrl: string | null;
                                    attachment: {
                                        name: string;
                                        contentType: string;
                                        size: number;
                                    } | null;
                                    /** @enum {string} */
                                    category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                                    /** @default null */
                                    reminder: {
                                        daysBefore: number;
                                        hour: number;
                                    } | null;
                                    /** @default false */
                                    overdueNotice: boolean;
                                    /** @default null */
                                    declined: {
                                        name: string;
                                        email: string;
                                        reason: string;
                                        /** Format: date-time */
                                        at: string;
                                    } | null;
                                    /** @default null */
                                    proposal: {
                                        dueDate: string;
                                        note: string;
                                        /** Format: date-time */
                                        at: string;
                                    } | null;
                                    /** @default null */
                                    recurrence: string | null;
                                };
                                /** @enum {string} */
                                state: "pending" | "accepted" | "proposed" | "declined";
                                overdue: boolean;
                                /** Format: date-time */
                                lastActivity: string;
                                nudgedAt: string | null;
                            }[];
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    nudgeTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    search: {
        parameters: {
            query?: {
                q?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            /** Format: uuid */
                            task_id: string;
                            title: string;
                            snippet: string;
                            highlights: [
                                number,
                                number
                            ][];
                            /** @enum {string} */
                            where: "title" | "description" | "note" | "comment" | "attachment";
                            /** @enum {string} */
                            category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listViews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        views: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            query: string;
                            path: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    saveView: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    query: string;
                    /** @default tasks/personal */
                    path?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        query: string;
                        path: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteView: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                viewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    bulkTasks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    task_ids: string[];
                    /** @constant */
                    action: "complete";
                    value: boolean;
                } | {
                    task_ids: string[];
                    /** @constant */
                    action: "priority";
                    /** @enum {string} */
                    value: "Immediate" | "Moderate" | "Lenient";
                } | {
                    task_ids: string[];
                    /** @constant */
                    action: "due_date";
                    value: string;
                } | {
                    task_ids: string[];
                    /** @constant */
                    action: "folder";
                    value: string | null;
                } | {
                    task_ids: string[];
                    /** @constant */
                    action: "delete";
                    value?: null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        change_id: string;
                        tasks: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            description: string;
                            dueDate: string | null;
                            /** @enum {string} */
                            priority: "Immediate" | "Moderate" | "Lenient";
                            progress: number;
                            completed: boolean;
                            completedAt: string | null;
                            /** Format: date-time */
                            created_at: string;
                            owner: string;
                            firstName: string;
                            assigned_users: string[];
                            invited_users: string[];
                            recipientName?: string | null;
                            is_trusted: boolean;
                            is_accepted: boolean;
                            folder: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                color: string | null;
                            } | null;
                            attachmentKey: string | null;
                            attachmentUrl: string | null;
                            attachment: {
                                name: string;
                                contentType: string;
                                size: number;
                            } | null;
                            /** @enum {string} */
                            category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                            /** @default null */
                            reminder: {
                                daysBefore: number;
                                hour: number;
                            } | null;
                            /** @default false */
                            overdueNotice: boolean;
                            /** @default null */
                            declined: {
                                name: string;
                                email: string;
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            proposal: {
                                dueDate: string;
                                note: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            recurrence: string | null;
                        }[];
                        deleted: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    undoBulk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    change_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tasks: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            description: string;
                            dueDate: string | null;
                            /** @enum {string} */
                            priority: "Immediate" | "Moderate" | "Lenient";
                            progress: number;
                            completed: boolean;
                            completedAt: string | null;
                            /** Format: date-time */
                            created_at: string;
                            owner: string;
                            firstName: string;
                            assigned_users: string[];
                            invited_users: string[];
                            recipientName?: string | null;
                            is_trusted: boolean;
                            is_accepted: boolean;
                            folder: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                color: string | null;
                            } | null;
                            attachmentKey: string | null;
                            attachmentUrl: string | null;
                            attachment: {
                                name: string;
                                contentType: string;
                                size: number;
                            } | null;
                            /** @enum {string} */
                            category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                            /** @default null */
                            reminder: {
                                daysBefore: number;
                                hour: number;
                            } | null;
                            /** @default false */
                            overdueNotice: boolean;
                            /** @default null */
                            declined: {
                                name: string;
                                email: string;
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            proposal: {
                                dueDate: string;
                                note: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            recurrence: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    calendarFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    rotateCalendarFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    calendarFeedFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    exportTasksCsv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    exportTasksJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    importTasks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    fileName?: string;
                    content: string;
                    /** @default false */
                    confirm?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        format: "todoist-csv" | "trello-json" | "baton-csv" | "baton-json";
                        confirmed: boolean;
                        created: number;
                        tasks: {
                            row: number;
                            title: string;
                            description: string;
                            dueDate: string | null;
                            /** @enum {string} */
                            priority: "Immediate" | "Moderate" | "Lenient";
                        }[];
                        skipped: {
                            row: number;
                            title: string;
                            reason: string;
                        }[];
                        refused: {
                            row: number;
                            title: string;
                            reason: string;
                        }[];
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    personalTasks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userEmail: string;
                    page?: {
                        /**
                         * @default owner
                         * @enum {string}
                         */
                        side?: "owner" | "recipient";
                        folder?: string | "none";
                        /**
                         * @default due
                         * @enum {string}
                         */
                        tab?: "due" | "completed";
                        /**
                         * @default newest
                         * @enum {string}
                         */
                        sort?: "newest" | "priority" | "due";
                        /** @default 50 */
                        limit?: number;
                        cursor?: string;
                        filter?: {
                            q?: string;
                            /** @enum {string} */
                            priority?: "Immediate" | "Moderate" | "Lenient";
                            /** @enum {string} */
                            due?: "overdue" | "today" | "week" | "range" | "none";
                            /** Format: date */
                            from?: string;
                            /** Format: date */
                            to?: string;
                            /** @enum {string} */
                            state?: "pending" | "accepted" | "proposed" | "completed";
                            person?: string;
                            attachment?: boolean;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tasks: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            description: string;
                            dueDate: string | null;
                            /** @enum {string} */
                            priority: "Immediate" | "Moderate" | "Lenient";
                            progress: number;
                            completed: boolean;
                            completedAt: string | null;
                            /** Format: date-time */
                            created_at: string;
                            owner: string;
                            firstName: string;
                            assigned_users: string[];
                            invited_users: string[];
                            recipientName?: string | null;
                            is_trusted: boolean;
                            is_accepted: boolean;
                            folder: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                color: string | null;
                            } | null;
                            attachmentKey: string | null;
                            attachmentUrl: string | null;
                            attachment: {
                                name: string;
                                contentType: string;
                                size: number;
                            } | null;
                            /** @enum {string} */
                            category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                            /** @default null */
                            reminder: {
                                daysBefore: number;
                                hour: number;
                            } | null;
                            /** @default false */
                            overdueNotice: boolean;
                            /** @default null */
                            declined: {
                                name: string;
                                email: string;
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            proposal: {
                                dueDate: string;
                                note: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            recurrence: string | null;
                        }[];
                    } | {
                        tasks: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            description: string;
                            dueDate: string | null;
                            /** @enum {string} */
                            priority: "Immediate" | "Moderate" | "Lenient";
                            progress: number;
                            completed: boolean;
                            completedAt: string | null;
                            /** Format: date-time */
                            created_at: string;
                            owner: string;
                            firstName: string;
                            assigned_users: string[];
                            invited_users: string[];
                            recipientName?: string | null;
                            is_trusted: boolean;
                            is_accepted: boolean;
                            folder: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                color: string | null;
                            } | null;
                            attachmentKey: string | null;
                            attachmentUrl: string | null;
                            attachment: {
                                name: string;
                                contentType: string;
                                size: number;
                            } | null;
                            /** @enum {string} */
                            category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                            /** @default null */
                            reminder: {
                                daysBefore: number;
                                hour: number;
                            } | null;
                            /** @default false */
                            overdueNotice: boolean;
                            /** @default null */
                            declined: {
                                name: string;
                                email: string;
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            proposal: {
                                dueDate: string;
                                note: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            recurrence: string | null;
                        }[];
                        next: string | null;
                        counts: {
                            due: number;
                            completed: number;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    assignedTasks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userEmail: string;
                    page?: {
                        /**
                         * @default owner
                         * @enum {string}
                         */
                        side?: "owner" | "recipient";
                        folder?: string | "none";
                        /**
                         * @default due
                         * @enum {string}
                         */
                        tab?: "due" | "completed";
                        /**
                         * @default newest
                         * @enum {string}
                         */
                        sort?: "newest" | "priority" | "due";
                        /** @default 50 */
                        limit?: number;
                        cursor?: string;
                        filter?: {
                            q?: string;
                            /** @enum {string} */
                            priority?: "Immediate" | "Moderate" | "Lenient";
                            /** @enum {string} */
                            due?: "overdue" | "today" | "week" | "range" | "none";
                            /** Format: date */
                            from?: string;
                            /** Format: date */
                            to?: string;
                            /** @enum {string} */
                            state?: "pending" | "accepted" | "proposed" | "completed";
                            person?: string;
                            attachment?: boolean;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tasks: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            description: string;
                            dueDate: string | null;
                            /** @enum {string} */
                            priority: "Immediate" | "Moderate" | "Lenient";
                            progress: number;
                            completed: boolean;
                            completedAt: string | null;
                            /** Format: date-time */
                            created_at: string;
                            owner: string;
                            firstName: string;
                            assigned_users: string[];
                            invited_users: string[];
                            recipientName?: string | null;
                            is_trusted: boolean;
                            is_accepted: boolean;
                            folder: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                color: string | null;
                            } | null;
                            attachmentKey: string | null;
                            attachmentUrl: string | null;
                            attachment: {
                                name: string;
                                contentType: string;
                                size: number;
                            } | null;
                            /** @enum {string} */
                            category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                            /** @default null */
                            reminder: {
                                daysBefore: number;
                                hour: number;
                            } | null;
                            /** @default false */
                            overdueNotice: boolean;
                            /** @default null */
                            declined: {
                                name: string;
                                email: string;
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            proposal: {
                                dueDate: string;
                                note: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            recurrence: string | null;
                        }[];
                    } | {
                        tasks: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            description: string;
                            dueDate: string | null;
                            /** @enum {string} */
                            priority: "Immediate" | "Moderate" | "Lenient";
                            progress: number;
                            completed: boolean;
                            completedAt: string | null;
                            /** Format: date-time */
                            created_at: string;
                            owner: string;
                            firstName: string;
                            assigned_users: string[];
                            invited_users: string[];
                            recipientName?: string | null;
                            is_trusted: boolean;
                            is_accepted: boolean;
                            folder: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                color: string | null;
                            } | null;
                            attachmentKey: string | null;
                            attachmentUrl: string | null;
                            attachment: {
                                name: string;
                                contentType: string;
                                size: number;
                            } | null;
                            /** @enum {string} */
                            category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                            /** @default null */
                            reminder: {
                                daysBefore: number;
                                hour: number;
                            } | null;
                            /** @default false */
                            overdueNotice: boolean;
                            /** @default null */
                            declined: {
                                name: string;
                                email: string;
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            proposal: {
                                dueDate: string;
                                note: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            recurrence: string | null;
                        }[];
                        next: string | null;
                        counts: {
                            due: number;
                            completed: number;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    invitedTasks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userEmail: string;
                    page?: {
                        /**
                         * @default owner
                         * @enum {string}
                         */
                        side?: "owner" | "recipient";
                        folder?: string | "none";
                        /**
                         * @default due
                         * @enum {string}
                         */
                        tab?: "due" | "completed";
                        /**
                         * @default newest
                         * @enum {string}
                         */
                        sort?: "newest" | "priority" | "due";
                        /** @default 50 */
                        limit?: number;
                        cursor?: string;
                        filter?: {
                            q?: string;
                            /** @enum {string} */
                            priority?: "Immediate" | "Moderate" | "Lenient";
                            /** @enum {string} */
                            due?: "overdue" | "today" | "week" | "range" | "none";
                            /** Format: date */
                            from?: string;
                            /** Format: date */
                            to?: string;
                            /** @enum {string} */
                            state?: "pending" | "accepted" | "proposed" | "completed";
                            person?: string;
                            attachment?: boolean;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tasks: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            description: string;
                            dueDate: string | null;
                            /** @enum {string} */
                            priority: "Immediate" | "Moderate" | "Lenient";
                            progress: number;
                            completed: boolean;
                            completedAt: string | null;
                            /** Format: date-time */
                            created_at: string;
                            owner: string;
                            firstName: string;
                            assigned_users: string[];
                            invited_users: string[];
                            recipientName?: string | null;
                            is_trusted: boolean;
                            is_accepted: boolean;
                            folder: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                color: string | null;
                            } | null;
                            attachmentKey: string | null;
                            attachmentUrl: string | null;
                            attachment: {
                                name: string;
                                contentType: string;
                                size: number;
                            } | null;
                            /** @enum {string} */
                            category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                            /** @default null */
                            reminder: {
                                daysBefore: number;
                                hour: number;
                            } | null;
                            /** @default false */
                            overdueNotice: boolean;
                            /** @default null */
                            declined: {
                                name: string;
                                email: string;
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            proposal: {
                                dueDate: string;
                                note: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            recurrence: string | null;
                        }[];
                    } | {
                        tasks: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            description: string;
                            dueDate: string | null;
                            /** @enum {string} */
                            priority: "Immediate" | "Moderate" | "Lenient";
                            progress: number;
                            completed: boolean;
                            completedAt: string | null;
                            /** Format: date-time */
                            created_at: string;
                            owner: string;
                            firstName: string;
                            assigned_users: string[];
                            invited_users: string[];
                            recipientName?: string | null;
                            is_trusted: boolean;
                            is_accepted: boolean;
                            folder: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                color: string | null;
                            } | null;
                            attachmentKey: string | null;
                            attachmentUrl: string | null;
                            attachment: {
                                name: string;
                                contentType: string;
                                size: number;
                            } | null;
                            /** @enum {string} */
                            category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                            /** @default null */
                            reminder: {
                                daysBefore: number;
                                hour: number;
                            } | null;
                            /** @default false */
                            overdueNotice: boolean;
                            /** @default null */
                            declined: {
                                name: string;
                                email: string;
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            proposal: {
                                dueDate: string;
                                note: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            recurrence: string | null;
                        }[];
                        next: string | null;
                        counts: {
                            due: number;
                            completed: number;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    savePersonalTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    title: string;
                    /** @default  */
                    description?: string;
                    dueDate: string;
                    /** @enum {string} */
                    priority: "Immediate" | "Moderate" | "Lenient";
                    owner?: string;
                    /** @enum {string} */
                    category?: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                    attachmentKey?: string | null;
                    attachmentUrl?: string | null;
                    folder_id?: string | null;
                    reminder?: {
                        daysBefore: number;
                        hour: number;
                    } | null;
                    overdueNotice?: boolean;
                    recurrence?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        task_id: string;
                        /** Format: uuid */
                        id: string;
                        error: null;
                        invitation_sent: boolean;
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    assignTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    title: string;
                    /** @default  */
                    description?: string;
                    dueDate: string;
                    /** @enum {string} */
                    priority: "Immediate" | "Moderate" | "Lenient";
                    owner?: string;
                    /** @enum {string} */
                    category?: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                    attachmentKey?: string | null;
                    attachmentUrl?: string | null;
                    folder_id?: string | null;
                    reminder?: {
                        daysBefore: number;
                        hour: number;
                    } | null;
                    overdueNotice?: boolean;
                    recurrence?: string | null;
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        task_id: string;
                        /** Format: uuid */
                        id: string;
                        error: null;
                        invitation_sent: boolean;
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    inviteToTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    title: string;
                    /** @default  */
                    description?: string;
                    dueDate: string;
                    /** @enum {string} */
                    priority: "Immediate" | "Moderate" | "Lenient";
                    owner?: string;
                    /** @enum {string} */
                    category?: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                    attachmentKey?: string | null;
                    attachmentUrl?: string | null;
                    folder_id?: string | null;
                    reminder?: {
                        daysBefore: number;
                        hour: number;
                    } | null;
                    overdueNotice?: boolean;
                    recurrence?: string | null;
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        task_id: string;
                        /** Format: uuid */
                        id: string;
                        error: null;
                        invitation_sent: boolean;
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    editSharedTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    title: string;
                    /** @default  */
                    description?: string;
                    dueDate: string;
                    /** @enum {string} */
                    priority: "Immediate" | "Moderate" | "Lenient";
                    owner?: string;
                    /** @enum {string} */
                    category?: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                    attachmentKey?: string | null;
                    attachmentUrl?: string | null;
                    folder_id?: string | null;
                    reminder?: {
                        daysBefore: number;
                        hour: number;
                    } | null;
                    overdueNotice?: boolean;
                    recurrence?: string | null;
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        task_id: string;
                        /** Format: uuid */
                        id: string;
                        error: null;
                        invitation_sent: boolean;
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    completeTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    completed: boolean;
                    userEmail?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    taskSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        personal: number;
                        invited: number;
                        assigned: number;
                        status: {
                            completed: number;
                            inProgress: number;
                            notStarted: number;
                        };
                        recent: {
                            task: {
                                /** Format: uuid */
                                id: string;
                                title: string;
                                description: string;
                                dueDate: string | null;
                                /** @enum {string} */
                                priority: "Immediate" | "Moderate" | "Lenient";
                                progress: number;
                                completed: boolean;
                                completedAt: string | null;
                                /** Format: date-time */
                                created_at: string;
                                owner: string;
                                firstName: string;
                                assigned_users: string[];
                                invited_users: string[];
                                recipientName?: string | null;
                                is_trusted: boolean;
                                is_accepted: boolean;
                                folder: {
                                    /** Format: uuid */
                                    id: string;
                                    name: string;
                                    color: string | null;
                                } | null;
                                attachmentKey: string | null;
                                attachmentUrl: string | null;
                                attachment: {
                                    name: string;
                                    contentType: string;
                                    size: number;
                                } | null;
                                /** @enum {string} */
                                category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                                /** @default null */
                                reminder: {
                                    daysBefore: number;
                                    hour: number;
                                } | null;
                                /** @default false */
                                overdueNotice: boolean;
                                /** @default null */
                                declined: {
                                    name: string;
                                    email: string;
                                    reason: string;
                                    /** Format: date-time */
                                    at: string;
                                } | null;
                                /** @default null */
                                proposal: {
                                    dueDate: string;
                                    note: string;
                                    /** Format: date-time */
                                    at: string;
                                } | null;
                                /** @default null */
                                recurrence: string | null;
                            };
                            /** @enum {string} */
                            what: "Created" | "Completed";
                            /** Format: date-time */
                            at: string;
                        }[];
                        upcoming: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            description: string;
                            dueDate: string | null;
                            /** @enum {string} */
                            priority: "Immediate" | "Moderate" | "Lenient";
                            progress: number;
                            completed: boolean;
                            completedAt: string | null;
                            /** Format: date-time */
                            created_at: string;
                            owner: string;
                            firstName: string;
                            assigned_users: string[];
                            invited_users: string[];
                            recipientName?: string | null;
                            is_trusted: boolean;
                            is_accepted: boolean;
                            folder: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                color: string | null;
                            } | null;
                            attachmentKey: string | null;
                            attachmentUrl: string | null;
                            attachment: {
                                name: string;
                                contentType: string;
                                size: number;
                            } | null;
                            /** @enum {string} */
                            category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                            /** @default null */
                            reminder: {
                                daysBefore: number;
                                hour: number;
                            } | null;
                            /** @default false */
                            overdueNotice: boolean;
                            /** @default null */
                            declined: {
                                name: string;
                                email: string;
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            proposal: {
                                dueDate: string;
                                note: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            recurrence: string | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        task: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            description: string;
                            dueDate: string | null;
                            /** @enum {string} */
                            priority: "Immediate" | "Moderate" | "Lenient";
                            progress: number;
                            completed: boolean;
                            completedAt: string | null;
                            /** Format: date-time */
                            created_at: string;
                            owner: string;
                            firstName: string;
                            assigned_users: string[];
                            invited_users: string[];
                            recipientName?: string | null;
                            is_trusted: boolean;
                            is_accepted: boolean;
                            folder: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                color: string | null;
                            } | null;
                            attachmentKey: string | null;
                            attachmentUrl: string | null;
                            attachment: {
                                name: string;
                                contentType: string;
                                size: number;
                            } | null;
                            /** @enum {string} */
                            category: "Personal Tasks" | "Tasks Delegated - Assigned" | "Tasks Delegated - Invitation" | "Assigned Tasks" | "Invited Tasks";
                            /** @default null */
                            reminder: {
                                daysBefore: number;
                                hour: number;
                            } | null;
                            /** @default false */
                            overdueNotice: boolean;
                            /** @default null */
                            declined: {
                                name: string;
                                email: string;
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            proposal: {
                                dueDate: string;
                                note: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @default null */
                            recurrence: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    progressLogs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        logs: {
                            /** Format: uuid */
                            id: string;
                            author_name: string;
                            /** Format: date-time */
                            created_at: string;
                            progress: number;
                            message: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                taskId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    progress: number;
                    /** @default  */
                    message?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    taskComments: {
        parameters: {
            query?: {
                after?: string;
            };
            header?: never;
            path: {
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        comments: {
                            /** Format: uuid */
                            id: string;
                            user: string;
                            name: string;
                            content: string;
                            /** Format: date-time */
                            timestamp: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    addComment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    task_id: string;
                    user_email: string;
                    content: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        user: string;
                        name: string;
                        content: string;
                        /** Format: date-time */
                        timestamp: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    previewAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        filename: string;
                        name: string;
                        content_type: string;
                        size: number;
                        url: string;
                        can_preview: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    downloadAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listFolders: {
        parameters: {
            query?: {
                archived?: "0" | "1";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folders: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            color: string | null;
                            baseFileKey: string | null;
                            baseFileLabel: string | null;
                            baseFileUrl: string | null;
                            sort_order: number;
                            is_archived: boolean;
                            task_count: number;
                            attachmentUrl: string | null;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createFolder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default #4299E1 */
                    color?: string | null;
                    baseFileKey?: string | null;
                    baseFileLabel?: string | null;
                    baseFileUrl?: string | null;
                    /** @default 0 */
                    sort_order?: number;
                    /** @default false */
                    is_archived?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        color: string | null;
                        baseFileKey: string | null;
                        baseFileLabel: string | null;
                        baseFileUrl: string | null;
                        sort_order: number;
                        is_archived: boolean;
                        task_count: number;
                        attachmentUrl: string | null;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    color?: string | null;
                    baseFileKey?: string | null;
                    baseFileLabel?: string | null;
                    baseFileUrl?: string | null;
                    sort_order?: number;
                    is_archived?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        color: string | null;
                        baseFileKey: string | null;
                        baseFileLabel: string | null;
                        baseFileUrl: string | null;
                        sort_order: number;
                        is_archived: boolean;
                        task_count: number;
                        attachmentUrl: string | null;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    attachTasks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    task_ids: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folder: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            color: string | null;
                            baseFileKey: string | null;
                            baseFileLabel: string | null;
                            baseFileUrl: string | null;
                            sort_order: number;
                            is_archived: boolean;
                            task_count: number;
                            attachmentUrl: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    previewBaseFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                folderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        filename: string;
                        name: string;
                        content_type: string;
                        size: number;
                        url: string;
                        can_preview: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    downloadBaseFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                folderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    presignUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    filename: string;
                    contentType: string;
                    size?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        key: string;
                        contentType: string;
                        headers: {
                            [key: string]: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    uploadUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usedBytes: number;
                        quotaBytes: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notifications: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            type: "success" | "warning" | "error" | "info";
                            title: string;
                            message: string;
                            is_read: boolean;
                            is_deleted: boolean;
                            /** Format: date-time */
                            created_at: string;
                            task_id?: string | null;
                            action?: ("invite_accept" | "assign_accept") | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    taskMessages: {
        parameters: {
            query?: {
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: ({
                            /** @constant */
                            type: "task_added";
                            task_id: string;
                            id?: string;
                        } | {
                            /** @constant */
                            type: "task_accepted";
                            task_id: string;
                            id?: string;
                        } | {
                            /** @constant */
                            type: "task_delete";
                            task_id: string;
                            id?: string;
                        } | {
                            /** @constant */
                            type: "folders_changed";
                            id?: string;
                        } | {
                            /** @constant */
                            type: "task_complete";
                            task_id: string;
                            completed: boolean;
                            id?: string;
                        } | {
                            /** @constant */
                            type: "progress_update";
                            task_id: string;
                            progress: number;
                            id?: string;
                        } | {
                            /** @constant */
                            type: "task_update";
                            task_id: string;
                            task: {
                                title: string;
                                description: string;
                                dueDate: string | null;
                                /** @enum {string} */
                                priority: "Immediate" | "Moderate" | "Lenient";
                                progress: number;
                            };
                            id?: string;
                        })[];
                        resync: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    markNotificationsRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        count: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        count: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getNotificationPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timezone: string;
                        /** @enum {string} */
                        language: "en" | "de";
                        digest: {
                            /** @enum {string} */
                            frequency: "off" | "hourly" | "daily" | "weekly";
                            hour: number;
                            weekday: number;
                        };
                        events: {
                            assigned: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            invited: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            accepted: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            declined: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            date_proposed: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            proposal_answered: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            reassigned: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            nudged: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            completed: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            progress: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            comment: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            due_soon: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            overdue: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateNotificationPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    timezone?: string;
                    /** @enum {string} */
                    language?: "en" | "de";
                    digest?: {
                        /** @enum {string} */
                        frequency?: "off" | "hourly" | "daily" | "weekly";
                        hour?: number;
                        weekday?: number;
                    };
                    events?: {
                        assigned?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                        invited?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                        accepted?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                        declined?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                        date_proposed?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                        proposal_answered?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                        reassigned?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                        nudged?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                        completed?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                        progress?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                        comment?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                        due_soon?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                        overdue?: {
                            inApp?: boolean;
                            /** @enum {string} */
                            email?: "immediate" | "digest" | "off";
                            push?: boolean;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timezone: string;
                        /** @enum {string} */
                        language: "en" | "de";
                        digest: {
                            /** @enum {string} */
                            frequency: "off" | "hourly" | "daily" | "weekly";
                            hour: number;
                            weekday: number;
                        };
                        events: {
                            assigned: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            invited: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            accepted: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            declined: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            date_proposed: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            proposal_answered: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            reassigned: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            nudged: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            completed: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            progress: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            comment: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            due_soon: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                            overdue: {
                                inApp: boolean;
                                /** @enum {string} */
                                email: "immediate" | "digest" | "off";
                                push: boolean;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    sendTestDigest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    unsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        scope: ("assigned" | "invited" | "accepted" | "declined" | "date_proposed" | "proposal_answered" | "reassigned" | "nudged" | "completed" | "progress" | "comment" | "due_soon" | "overdue") | "digest";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    pushKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        publicKey: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    subscribePush: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    endpoint: string;
                    keys: {
                        p256dh: string;
                        auth: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    unsubscribePush: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    endpoint: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
}
