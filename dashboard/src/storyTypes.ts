/** The story layer's wire types (types only), from the server's protocol. */
export type {
  AdminQuestView as AdminQuest, DirectorReply, DirectorProposalView, QuestLogEntry, SessionReply, StoryOptionView,
} from '../../sim/server/protocol.ts';
