// Names and a note per language, as an address book on that language's Windows saves them
// (ADR 082). Written for Kith: many are real names, some spelled as people do in address books
// (an Italian stress accent, "Lucìa"); none is copied from a third-party file. Each name is also
// a file of its own: a short name alone is where the encodings are hardest to tell apart.

export interface Language {
  language: string;
  encoding: string;
  names: string[];
  notes: string[];
}

export const LANGUAGES: Language[] = [
  {
    language: 'Italian',
    encoding: 'windows-1252',
    names: [
      'Niccolò Però',
      'Lucìa Martinì',
      'Nicolò Cantù',
      'Giosuè Carducci',
      'Mosè Bertolò',
      'Noè Zanardò',
      'Attilio Sanzò',
      'Ilarià Forlì',
      'Tommaso Benedettì',
      'Gesù Marìa',
      'Caterina Lucà',
      'Fabrizio Zuccolò',
      'Pietro Antonìo',
    ],
    notes: ["Ci siamo visti lunedì all'università, però è già partito per Forlì.", 'Più tardi può darsi; così è la città.'],
  },
  {
    language: 'Icelandic',
    encoding: 'windows-1252',
    names: [
      'Guðrún Þórsdóttir',
      'Sigurður Ólafsson',
      'Þórunn Jóhannsdóttir',
      'Ragnheiður Ásgeirsdóttir',
      'Björk Guðmundsdóttir',
      'Hafþór Björnsson',
      'Ævar Þór Benediktsson',
      'Eiður Guðjohnsen',
      'Þóra Arnórsdóttir',
      'Guðni Jóhannesson',
      'Auður Ava',
    ],
    notes: ['Hittumst í Reykjavík á ráðstefnunni.', 'Hún býr á Akureyri með fjölskyldunni sinni.'],
  },
  {
    language: 'French',
    encoding: 'windows-1252',
    names: [
      'François Lefèvre',
      'Hélène Bérubé',
      'Jérôme Gâteau',
      'Zoë Laïque',
      'Anaïs Côté',
      'Noël Bœuf',
      'Gaëlle Ménard',
      'Benoît Lemaître',
    ],
    notes: ['Rencontré à Genève; préfère être appelé après midi.', 'Très gentille, elle connaît l’équipe de Besançon.'],
  },
  {
    language: 'German',
    encoding: 'windows-1252',
    names: ['Jürgen Müller', 'Käthe Schröder', 'Björn Weiß', 'Uwe Groß', 'Dörte Hüttner', 'Günter Jäger', 'Bärbel Köhler', 'Jörg Fuß'],
    notes: ['Trafen uns auf der Messe in München, möchte später zurückrufen.', 'Geschäftsführer der Süßwaren GmbH.'],
  },
  {
    language: 'Spanish and Catalan',
    encoding: 'windows-1252',
    names: ['José Núñez', 'Iñaki Ibáñez', 'Begoña Muñoz', 'Íñigo Suárez', 'Raúl Güell', 'Mercè Rodoreda', 'Pere Gràcia', 'Martí Pujolàs'],
    notes: ['Nos conocimos en la reunión de Logroño; está en Córdoba.', 'Ens vam conèixer a la fira de Lleida.'],
  },
  {
    language: 'Portuguese',
    encoding: 'windows-1252',
    names: ['João Leão', 'Conceição Simões', 'Inês Magalhães', 'Antônio Brandão', 'Estêvão Falcão', 'Sebastião Araújo', 'Lúcia Assunção'],
    notes: ['Conhecemo-nos em São Paulo, na exposição de Brasília.', 'Mãe do João; põe tudo em ordem.'],
  },
  {
    language: 'Danish, Norwegian and Swedish',
    encoding: 'windows-1252',
    names: ['Søren Kierkegaard', 'Åse Ødegård', 'Kjærsti Sæther', 'Ørjan Håland', 'Åsa Öberg', 'Märta Löfgren', 'Håkan Lindqvist'],
    notes: ['Mødtes i København på konferencen.', 'Vi träffades på mässan i Göteborg.'],
  },
  {
    language: 'Czech',
    encoding: 'windows-1250',
    names: [
      'Jiří Dvořák',
      'Petr Černý',
      'Tomáš Růžička',
      'Věra Čáslavská',
      'Zdeněk Svěrák',
      'Kateřina Němcová',
      'Dušan Hůlka',
      'Ludmila Kříž',
    ],
    notes: ['Potkali jsme se na veletrhu v Brně, příští týden přijede.', 'Žije v Plzni, mluví německy.'],
  },
  {
    language: 'Croatian and Romanian',
    encoding: 'windows-1250',
    names: ['Ivan Ćosić', 'Željko Babić', 'Đurđa Kovačević', 'Mădălina Ţurcanu', 'Ioana Bălănescu', 'Răzvan Popescu', 'Cătălina Pîrvu'],
    notes: ['Upoznali smo se na sajmu u Zagrebu.', 'Ne-am întâlnit la târgul de la Timişoara.'],
  },
  {
    language: 'Turkish',
    encoding: 'windows-1254',
    names: ['Ayşe Yılmaz', 'Mehmet Öztürk', 'İsmail Doğan', 'Şükrü Saracoğlu', 'Çağla Şıkel', 'Ertuğrul Kılıç', 'Buğra Ağaoğlu'],
    notes: ['İstanbul’daki fuarda tanıştık, çok güzel konuşuyor.'],
  },
  {
    language: 'Russian and Ukrainian',
    encoding: 'windows-1251',
    names: ['Иван Петров', 'Ольга Соколова', 'Фёдор Достоевский', 'Олена Шевченко', 'Іван Франко', 'Євген Коновалець'],
    notes: ['Встретились в Москве на конференции.', 'Живе у Львові; їздить до Києва.'],
  },
  {
    language: 'Greek',
    encoding: 'windows-1253',
    names: ['Γιώργος Παπαδόπουλος', 'Νίκος Αλεξίου', 'Ελένη Οικονόμου', 'Άννα', 'Σοφία Ψαρρά'],
    notes: ['Γνωριστήκαμε στη Θεσσαλονίκη.'],
  },
  {
    language: 'Hebrew',
    encoding: 'windows-1255',
    names: ['דוד כהן', 'שרה לוי', 'יוסי', 'רחל', 'אבי', 'נועה מזרחי', 'יעל', 'דן', 'רון', 'חיים'],
    notes: ['נפגשנו בכנס בתל אביב'],
  },
  {
    language: 'Arabic',
    encoding: 'windows-1256',
    names: ['محمد العلي', 'فاطمة', 'علي', 'سارة', 'خالد', 'يوسف حداد', 'ليلى', 'عمر', 'نور', 'حسن'],
    notes: ['التقينا في المؤتمر في القاهرة'],
  },
  {
    language: 'Thai',
    encoding: 'windows-874',
    names: ['สมชาย ใจดี', 'สมศรี', 'ชูใจ', 'ปิติ', 'สุดา', 'นิด', 'ต้น', 'บุญมี แก้วมณี', 'กานดา', 'ประยุทธ์'],
    notes: ['พบกันที่งานประชุมกรุงเทพ'],
  },
  {
    language: 'Vietnamese',
    encoding: 'windows-1258',
    names: ['Nguyễn Văn An', 'Phạm Hùng', 'Trần Thị Hương', 'Võ Thị Sáu', 'Đặng Thu Thảo', 'Ngô Bảo Châu', 'Huỳnh Mai', 'Đào', 'Dũng'],
    notes: ['Gặp ở Hà Nội tại hội nghị.'],
  },
];
