import type { LanguageContent } from "./types";

export const en: LanguageContent = {
  titles: {
    socialRole: "Ideal social role",
    superpower: "Superpower",
    motivation: "Motivation",
    vulnerabilities: "Vulnerabilities",
    achillesHeel: "Achilles' heel",
    examples: "Examples of the format",
    effectiveActivity: "Effective activity",
    productiveEnvironment: "Productive environment",
    professions: "Suitable professions",
    relationships: "The format in relationships",
    partner: "A suitable partner",
    family: "Family and children",
    teamRole: "Role in the team",
    strengths: "Strengths at work",
    drivers: "What drives them",
    risks: "Risks to watch",
    management: "How to manage them",
    positions: "Positions that fit",
  },
  reportTitle: {
    base: "{name}: base report",
    full: "{name}: full report",
    short: "{name}",
    business: "{name}: profile for the employer",
    career: "{name}: career report",
    chief: "{name}: notes for the manager",
    couple: "{name}: relationships report",
  },
  consumer: {
    structure: {
      system: {
        socialRole:
          "Your natural place is the person who makes things work. Where others see a pile of tasks, you see a sequence; where others argue about what to do, you quietly draft how it will be done. People come to you when they need a plan that survives contact with reality, and groups tend to become calmer and more productive once you have put the first structure on the table.",
        superpower:
          "Your superpower is turning chaos into order. You see the skeleton of any task — its steps, dependencies and rules — and you can build a process that other people can follow without you. What you set up keeps working after you have left the room, and that is rarer than it sounds.",
        motivation:
          "You are moved by results you can see and count: a finished project, a checklist with every item ticked, a system that runs without breakdowns. Predictability is not boredom for you but a source of strength. You give your best when the goal is clear, the rules are fair and your effort visibly adds up to something lasting.",
        vulnerabilities:
          "Your sensitive spot is sudden change. When plans are torn up without explanation, rules are applied unevenly or the goal keeps shifting, you lose energy faster than others. You may also take disorder around you personally and spend effort fixing things nobody asked you to fix.",
        achillesHeel:
          "Your Achilles' heel is holding on to the system when the situation has already changed. A procedure that served you well can become a cage: you may keep following it, defend it in arguments, or reject a good idea only because it does not fit the scheme. The way out is to check from time to time whether the structure still serves the goal.",
        examples:
          'You can recognise this format in the person who, on the first day in a new job, already has a folder structure and a list of questions; in the friend who plans a trip so well that everyone else can simply enjoy it; in the engineer, the accountant or the producer whose calm phrase "let\'s put it in order" turns a heated meeting into a plan.',
        effectiveActivity:
          "You are most effective where work has a shape: projects with stages, operations with standards, tasks whose quality can be checked. Build the framework first — goals, roles, deadlines, criteria — and then execute; your productivity multiplies when the structure is yours. Regular reviews of what works and what does not keep your systems alive rather than rigid.",
        productiveEnvironment:
          'Your environment is clear and reliable: defined responsibilities, honest rules, agreements that are kept, tools that work. You do well in organisations that value quality and continuity, and with managers who state the goal and let you design the route. Constant reshuffles, vague instructions and "we\'ll figure it out on the way" drain you.',
        professions:
          "Fields that reward structure suit you: engineering, project and operations management, finance and accounting, law and compliance, logistics, quality assurance, software architecture, medicine with its protocols, public administration. Any role where a reliable process is the product is a good match.",
        relationships:
          "In relationships you are dependable: you remember agreements, keep promises and build a shared life with rituals and plans. Love for you is shown through care that works — a fixed tap, a booked holiday, a budget that balances. Partners sometimes wait for spontaneous words as well, and learning to say what you feel, not only to do it, makes your care visible.",
        partner:
          "You are well matched with someone who values stability and appreciates your reliability, yet brings a little flexibility and play into your life. An analytic or balanced partner can question your plans in a way that improves them — as long as both of you agree that questioning is a contribution, not an attack.",
        family:
          "At home you create a secure, orderly world: routines, clear rules and traditions give children a sense of safety. Children thrive on your consistency; they also need room to experiment and to make mistakes outside the plan. Explain the reasons behind the rules, and your family will keep them because they understand them, not only because they must.",
      },
      analytic: {
        socialRole:
          "Your natural place is the one who asks the question nobody else has asked. You are the group's critic, researcher and early-warning system: you notice the inconsistency in a plan, the missing figure in a report, the second explanation everyone overlooked. People come to you when they need the truth about a problem rather than reassurance.",
        superpower:
          "Your superpower is seeing causes. You take a situation apart, compare versions, find the weak link and the hidden pattern, and then name it precisely. Where others act on the first idea, you find the better one — and you can explain why it is better.",
        motivation:
          "You are moved by understanding. A hard question, a puzzle with no ready answer, a chance to learn how something really works — this is what gives you energy. You give your best when you are free to investigate, when your conclusions are listened to, and when decisions are made on evidence rather than habit.",
        vulnerabilities:
          'Your sensitive spot is being asked to act without understanding. Decisions taken "because we always do it this way", superficial arguments and pressure to agree quickly irritate you and sap your motivation. You can also be hurt when your careful critique is taken as negativity instead of help.',
        achillesHeel:
          "Your Achilles' heel is analysis that does not end. There is always one more option to compare and one more fact to check, and a decision can slip while you perfect it. Your criticism, precise as it is, may also land harder than you intend. Set yourself a point where the analysis is good enough, and pair every critique with a proposal.",
        examples:
          'You can recognise this format in the person who reads the terms and conditions to the end; in the colleague who finds the error in the spreadsheet everyone has already approved; in the detective, the researcher, the editor or the investor who keeps asking "and what if the opposite is true?" until the real answer appears.',
        effectiveActivity:
          "You are most effective where thinking is the product: research, diagnosis, audit, strategy, problems that have not been solved before. Give yourself time to collect the data, frame hypotheses and test them; then turn your conclusions into a short recommendation others can act on. Your productivity multiplies when someone else carries routine execution.",
        productiveEnvironment:
          "Your environment gives you access to information, respect for evidence and freedom to question. You do well with managers who ask for your opinion before the decision is taken, in teams that discuss rather than simply obey, and where mistakes are studied instead of punished. Rigid hierarchies and rules nobody can explain drain you.",
        professions:
          "Fields that reward insight suit you: research and science, data analysis, consulting, audit and risk, investigation and law, journalism and editing, medicine as diagnosis, software testing and security, investment, strategy. Any role where the right question is worth more than a fast answer is a good match.",
        relationships:
          "In relationships you are attentive and honest: you notice changes in a partner's mood, remember what matters to them and want to understand them deeply. You show love through conversation and thoughtful advice. Be careful that analysing a partner does not replace accepting them; sometimes a person needs to be heard, not diagnosed.",
        partner:
          "You are well matched with someone curious who enjoys long conversations and is not afraid of honest questions. A system-minded partner can bring the stability and follow-through you sometimes lack, and you in turn help them see when a habit no longer works — if both of you treat the difference as a resource.",
        family:
          "At home you raise curious people: you answer questions seriously, explain how things work and teach children to think for themselves. Children value your fairness and your interest in their ideas. They also need a few firm rules and simple routines; agree on them once and keep them, even when there is a good argument for an exception.",
      },
      balanced: {
        socialRole:
          "Your natural place is the bridge. You can build a plan and question it, follow a rule and see where it fails, so you connect those who organise with those who analyse. In a group you are the translator between camps and the person who turns a debate into a decision both sides accept.",
        superpower:
          'Your superpower is flexibility of mind. You switch between building and testing, between "how do we do it" and "why do we do it", and you choose the mode the situation needs. That makes you hard to surprise: when a system breaks you analyse, and when an analysis stalls you organise.',
        motivation:
          "You are moved by variety and meaning together. You want tasks that are both understood and completed, problems that need a solution and a working process afterwards. You give your best when your role lets you see a task from start to finish and when both your ideas and your reliability are valued.",
        vulnerabilities:
          "Your sensitive spot is being squeezed into one role. A job that is only routine or only discussion feels narrow, and you may lose interest. Because you understand both sides of a dispute, you can also end up carrying other people's conflicts and postponing your own position.",
        achillesHeel:
          "Your Achilles' heel is indecision dressed as balance. Seeing the merits of every option, you may take too long to choose, or choose a compromise that satisfies nobody. Others may read your flexibility as a lack of conviction. Decide which principle matters most in the situation and let it break the tie.",
        examples:
          "You can recognise this format in the person who designs a process and then is the first to test where it breaks; in the manager trusted by both the engineers and the sales team; in the teacher, the product owner or the family member who can settle an argument because they genuinely understand both sides.",
        effectiveActivity:
          "You are most effective in roles that combine design and review: product and project work, management, coordination between departments, change that must be both invented and implemented. Alternate deliberately — plan, then critique the plan, then execute — and say out loud which mode you are in so others can follow.",
        productiveEnvironment:
          "Your environment mixes structure and freedom: clear goals and agreements, with space to rethink how they are reached. You do well in cross-functional teams, in growing organisations that still need both order and invention, and with managers who trust you with whole tasks instead of fragments.",
        professions:
          "Fields that need both order and insight suit you: product management, project leadership, general management, human resources and organisational development, teaching and training, mediation, architecture and design, medicine, business analysis, entrepreneurship. Any role that connects specialists is a good match.",
        relationships:
          "In relationships you are a good partner for negotiation: you can build a shared way of life and still notice when it needs to change. You listen to both the words and the reasons behind them. Remember to voice your own needs as clearly as you understand your partner's; balance also means that your side of the scale counts.",
        partner:
          "You can get along with many types, and that is your strength. You are especially well matched with someone who has a clear centre of their own — a systematic partner who gives you a steady base, or an analytic one who gives you depth — as long as they respect your need for variety.",
        family:
          "At home you combine order and openness: there are rules, and there are conversations about the rules. Children learn from you both to finish what they start and to ask why. Watch that you are not the only one mediating every family dispute; sometimes let the others find the agreement themselves.",
      },
    },
    volume: {
      low: {
        socialRole:
          "You prefer depth to breadth: you take on a defined area and know it better than anyone, which makes you the person others trust with the details that matter.",
        superpower: "Your focus is part of the power: by keeping a few things in view at once you reach a depth and precision that broad thinkers rarely do.",
        motivation: "Mastery matters to you more than scale; it is deeply satisfying to do one thing thoroughly and to know that it is done right.",
        vulnerabilities: "Being asked to juggle many unrelated tasks at once is tiring for you; each switch costs you more than it costs others.",
        achillesHeel:
          "A narrow focus can hide the wider context, so an excellent part may end up in a whole that does not need it. Look up from the detail from time to time.",
        examples: "In everyday life this is the specialist who has a favourite field and knows every corner of it.",
        effectiveActivity:
          "Work on one or two tasks at a time, in blocks without interruption, and agree on priorities so that you are not pulled in many directions.",
        productiveEnvironment: "A quiet workplace, a clearly bounded area of responsibility and few parallel meetings let you reach your best depth.",
        professions: "Specialist and expert tracks suit you better than roles that require managing many people or projects at once.",
        relationships: "You keep a small circle of close people and invest deeply in each of them; quality of contact matters to you more than quantity.",
        partner: "You will feel best with a partner who values a calm, close life and does not need a constant stream of new people and events.",
        family: "You give children undivided attention: an hour with you is an hour fully spent together, and they remember it.",
      },
      middle: {
        socialRole:
          "You hold a workable number of threads at once, so you can look after your own area and still see how it connects to the work of your neighbours.",
        superpower: "Your range is well balanced: wide enough to see connections, narrow enough to keep control of the details.",
        motivation: "You like tasks of a manageable size — big enough to matter, clear enough to be finished and seen.",
        vulnerabilities: "Both extremes tire you: endless detail in one narrow task and an overload of parallel projects.",
        achillesHeel: "Because you can take on a fair amount, you may agree to just one more task too many; keep an honest count of what you already carry.",
        examples: "In everyday life this is the person who runs a household, a job and a hobby without dropping any of them.",
        effectiveActivity: "Three to five active tasks is your comfortable range; plan the week so that each of them gets its own time.",
        productiveEnvironment: "A team of moderate size, where you know everyone's role and can see your contribution to the whole, suits you best.",
        professions: "Roles of team lead, senior specialist or coordinator of a few related projects use your range well.",
        relationships: "You keep a balanced social life: a close circle and a wider group of friends, with enough energy for both.",
        partner:
          "You will feel best with a partner whose appetite for people and events is similar to yours, so that neither of you feels hurried or held back.",
        family: "You manage to combine family routines with attention to each child's own interests.",
      },
      high: {
        socialRole:
          "You think on a large scale: you keep many people, projects and connections in mind at once, which makes you a natural centre for initiatives bigger than one person.",
        superpower:
          "Your range multiplies this: you see how dozens of parts fit together and notice the consequences of a decision in places others would not think to look.",
        motivation: "Scale inspires you; the larger and more connected the task, the more alive you feel.",
        vulnerabilities: "A narrow, repetitive task with no visible connection to a bigger goal makes you restless and bored.",
        achillesHeel: "With so much in view, details can slip and you may take on more than can be done well; delegate the fine work and check the essentials.",
        examples: "In everyday life this is the person who organises the whole neighbourhood's celebration and remembers everyone's name.",
        effectiveActivity: "Lead several streams at once, but through people and checkpoints rather than by doing every part yourself.",
        productiveEnvironment: "Large organisations, networks and projects with many stakeholders give your range the room it needs.",
        professions: "Leadership, general management, large programmes and work across organisations or countries use your range best.",
        relationships: "You have a wide circle and enjoy bringing people together; close people appreciate your energy but sometimes want you to themselves.",
        partner:
          "You will feel best with a partner who is comfortable with a busy life full of people and plans, or who gives you a calm harbour to return to.",
        family: "Your family is often a big, open house with guests and joint projects; make sure each child also gets time alone with you.",
      },
    },
    presentation: {
      slow: {
        socialRole: 'You speak when you have thought it through, so your word carries weight: when you say "this will work", people believe it.',
        superpower: "Your deliberate pace makes your conclusions solid; what you present rarely needs to be corrected later.",
        motivation: "You also need time to do things properly — it is not slowness but respect for quality.",
        vulnerabilities: "Rushed deadlines and demands for an instant answer in public are especially uncomfortable for you.",
        achillesHeel:
          "In fast-moving situations the right moment can pass while you are still weighing; agree with yourself in advance how much time a decision deserves.",
        examples: 'You are the one who answers "let me think until tomorrow" — and tomorrow brings the answer that closes the question.',
        effectiveActivity: "Reserve time for preparation, and ask for questions and documents in advance rather than on the spot.",
        productiveEnvironment: "Meetings with an agenda sent beforehand and written communication let you show your full strength.",
        professions: "Work where precision outweighs speed — analysis, expertise, planning, quality — rewards your pace.",
        relationships: "You open up gradually, and trust once given is lasting; partners should not mistake your pauses for coldness.",
        partner: "A patient partner who does not demand instant reactions will see how deep your attachment is.",
        family: "Your calm pace gives children a sense of safety; remember that they sometimes need a quick, warm reaction more than a considered one.",
      },
      middle: {
        socialRole: "You adapt your pace to the audience: quick where a quick answer is needed, thorough where the stakes are high.",
        superpower: "Your adaptable pace lets you present your thinking to very different people without losing either speed or depth.",
        motivation: "A rhythm that alternates focused work with lively discussion keeps you at your best.",
        vulnerabilities: "You lose energy when the tempo is fixed for too long — either constant rush or endless waiting.",
        achillesHeel: "Trying to suit everyone's pace, you can forget your own; notice when you are speeding up or slowing down only to please others.",
        examples: "You are the one who can both brief the team in five minutes and write the detailed memo afterwards.",
        effectiveActivity: "Alternate quick decisions on small matters with deliberate time for the important ones.",
        productiveEnvironment: "A team that mixes quick talks with time for concentrated work suits your rhythm.",
        professions: "Roles that involve both communication and careful work — management, consulting, teaching — fit your pace.",
        relationships: "You tune in to your partner's rhythm easily, which makes everyday life together smooth.",
        partner: "Almost any pace is manageable for you; choose a partner who also adjusts, and it will feel effortless.",
        family: 'You know when to respond at once and when to say "let\'s talk about it tonight", and children learn both from you.',
      },
      fast: {
        socialRole: "You think aloud and decide quickly, so you are often the one who moves the group from talking to doing.",
        superpower: "Your speed makes this visible at once: you present ideas clearly and quickly, and others catch your energy.",
        motivation: "You are energised by tempo: quick results, quick feedback and the chance to move on to the next challenge.",
        vulnerabilities: "Slow procedures, long approvals and meetings without decisions frustrate you more than they do most people.",
        achillesHeel: "Speed can outrun accuracy; a quick decision may need rework, and a sharp word may hurt. Count to ten before the important ones.",
        examples: "You are the one who has already sent the draft while others are still discussing whether to write it.",
        effectiveActivity:
          "Short cycles, quick prototypes and immediate feedback let you turn speed into results; ask someone to double-check the critical details.",
        productiveEnvironment: "A dynamic environment with quick decisions and short lines of communication lets you work at full speed.",
        professions: "Fields with high tempo — sales, start-ups, crisis management, media, operational leadership — reward your pace.",
        relationships: "You are lively and spontaneous in relationships; your partner may need a little more time to catch up, so leave room for them.",
        partner: "A partner who enjoys your energy, or who calmly balances it, will make life with you both exciting and steady.",
        family: "You bring energy and adventure to family life; slow down for the conversations where children need you to listen to the end.",
      },
    },
  },
  business: {
    structure: {
      system: {
        teamRole:
          "Organises the work of others: brings plans, standards and order, and keeps agreements alive. Teams with this employee run more predictably and lose less to chaos.",
        strengths: "Reliability, discipline, attention to process and quality; builds procedures that work without constant supervision.",
        drivers: "Clear goals, fair and stable rules, visible results and recognition of quality work.",
        risks: "Resists sudden change and unexplained decisions; may defend a familiar procedure after it has stopped serving the goal.",
        management: "Set the goal and the criteria, explain changes in advance and give ownership of the process; avoid constant reprioritisation.",
        positions: "Operations, project management, finance, quality, engineering, compliance, administration.",
      },
      analytic: {
        teamRole:
          "Finds problems and better solutions: questions assumptions, checks figures and warns early about risks. Teams with this employee make fewer unexamined decisions.",
        strengths: "Depth of analysis, precise diagnosis, critical thinking, the ability to learn a new field quickly.",
        drivers: "Interesting and difficult problems, access to information, freedom to investigate, being heard before decisions are made.",
        risks: "May over-analyse and delay decisions; criticism can sound harsh; loses motivation with routine and unexplained rules.",
        management: "Ask for their opinion early, set a deadline for conclusions, separate research from execution and value evidence-based proposals.",
        positions: "Analytics, research, audit, risk, consulting, testing and security, strategy, expert roles.",
      },
      balanced: {
        teamRole: "Connects people and functions: can both organise and critique, so often becomes the link between departments and the moderator of disputes.",
        strengths: "Flexibility, understanding of different points of view, the ability to take a task from idea to a working process.",
        drivers: "Varied work, whole tasks rather than fragments, trust and room to combine planning and analysis.",
        risks: "May hesitate between options and seek compromises for too long; becomes bored in a narrow, one-mode role.",
        management: "Give end-to-end responsibility and cross-functional tasks; ask for a clear decision by a set date.",
        positions: "Product and project leadership, general management, HR and organisational development, business analysis, coordination roles.",
      },
    },
    volume: {
      low: {
        teamRole: "Works best in depth on a bounded area.",
        strengths: "Thorough in details and specialist knowledge.",
        drivers: "Mastery and the chance to finish things properly.",
        risks: "Can lose the wider context; dislikes many parallel tasks.",
        management: "Limit parallel tasks and protect time for focused work.",
        positions: "Specialist and expert tracks fit better than broad management.",
      },
      middle: {
        teamRole: "Holds several related tasks and sees how they connect.",
        strengths: "A good balance of overview and control of details.",
        drivers: "Tasks of a manageable size with visible results.",
        risks: "May accept more tasks than can be done well.",
        management: "Keep three to five active tasks and review priorities weekly.",
        positions: "Team lead, senior specialist or coordinator of related projects.",
      },
      high: {
        teamRole: "Thinks on a large scale and keeps many people and projects in view.",
        strengths: "Sees connections and consequences across the organisation.",
        drivers: "Scale, influence and connected, ambitious goals.",
        risks: "Details may slip; tends to overcommit.",
        management: "Give scope and pair them with a detail-oriented colleague.",
        positions: "Heads of units, programme managers, roles spanning many teams.",
      },
    },
    presentation: {
      slow: {
        teamRole: "Speaks after thinking things through, so their conclusions carry weight.",
        strengths: "Solid, well-prepared results that rarely need rework.",
        drivers: "Enough time to do the work properly.",
        risks: "May be too slow in fast-moving situations.",
        management: "Send questions and materials in advance; avoid demanding instant answers in public.",
        positions: "Roles where precision matters more than speed.",
      },
      middle: {
        teamRole: "Adapts pace to the situation and the audience.",
        strengths: "Communicates equally well in quick talks and in detailed documents.",
        drivers: "A rhythm that alternates focus and discussion.",
        risks: "May adjust to others' pace at the expense of their own.",
        management: "Agree which matters need quick decisions and which need time.",
        positions: "Roles combining communication and careful work.",
      },
      fast: {
        teamRole: "Decides and presents quickly, moving the team from talk to action.",
        strengths: "Speed, energy and clear, quick communication.",
        drivers: "Tempo, quick feedback and quick wins.",
        risks: "Speed can outrun accuracy; may be abrupt under pressure.",
        management: "Use short cycles, and arrange a second check for critical decisions.",
        positions: "Sales, operations, crisis and launch roles, fast-moving projects.",
      },
    },
  },
};
