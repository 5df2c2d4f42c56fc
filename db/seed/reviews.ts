// Demo reviews shown on the landing page of a fresh install.
const day = 86_400_000;
const at = (daysAgo: number) => new Date(Date.UTC(2026, 9, 1) - daysAgo * day);

export const DEMO_REVIEWS = [
  {
    id: "0000000000000000000000e1",
    name: "Анна Смирнова",
    position: "HR-директор",
    text: {
      ru: "Прошла тест из любопытства, а потом провела через него всю команду. Отчёт объяснил, почему двое наших лучших аналитиков не выносят планёрки по понедельникам — теперь у них другой формат встреч.",
      en: "I took the test out of curiosity and then put the whole team through it. The report explained why two of our best analysts can't stand Monday stand-ups; they now meet differently.",
    },
    isPublished: true,
    createdAt: at(2),
  },
  {
    id: "0000000000000000000000e2",
    name: "Dmitry Volkov",
    position: "Product manager",
    text: {
      ru: "Суперсила «держать в голове всю систему» — это про меня. Приятно увидеть, что это сильная сторона, а не причуда.",
      en: "The superpower of 'holding the whole system in your head' is exactly me. Nice to see it described as a strength rather than a quirk.",
    },
    isPublished: true,
    createdAt: at(5),
  },
  {
    id: "0000000000000000000000e3",
    name: "Мария Ковалёва",
    position: "Студентка",
    text: {
      ru: "Выбирала магистратуру и сомневалась между двумя направлениями. Блок про подходящие профессии помог решиться.",
      en: "I was choosing a master's programme and hesitating between two fields. The suitable-professions block helped me decide.",
    },
    isPublished: true,
    createdAt: at(9),
  },
  {
    id: "0000000000000000000000e4",
    name: "Sergey Orlov",
    position: "Founder",
    text: {
      ru: "Тест занял двадцать минут, а разговоров с женой хватило на вечер: раздел об отношениях оказался точнее, чем я ожидал.",
      en: "The test took twenty minutes, and the conversation with my wife lasted all evening: the relationships section was more accurate than I expected.",
    },
    isPublished: true,
    createdAt: at(14),
  },
  {
    id: "0000000000000000000000e5",
    name: "Елена Петрова",
    position: "Руководитель отдела продаж",
    text: {
      ru: "Используем кабинет для подбора: смотрим соответствие кандидата должности ещё до собеседования. Экономит время всем.",
      en: "We use the cabinet for hiring and check a candidate's fit for the position before the interview. It saves everyone time.",
    },
    isPublished: true,
    createdAt: at(21),
  },
];
