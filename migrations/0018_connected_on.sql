-- The contact list's "Recently connected" sort (`sort=-connected_on`) walks this index
-- backwards, as the other sorts walk theirs; contacts without a date sort last.
CREATE INDEX contacts_user_connected ON contacts(user_id, connected_on, id);
